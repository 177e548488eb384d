/**
 * Sentence templates for the generated texts, in English and Chinese (real, readable Chinese).
 * Each entry is a pair of functions of the same parameters: [en, cn].
 */

export interface TextVars {
  region: [string, string];
  place: [string, string];
  city: [string, string];
  style: [string, string];
  days: number;
  hours: number;
  minAge: number;
  groupMin: number;
  groupMax: number;
}

type Pair = [(v: TextVars) => string, (v: TextVars) => string];
const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

export const INTROS: Pair[] = [
  [
    (v) => `Discover ${v.region[0]} in a small group with a local guide: ${v.days > 1 ? `${v.days} days of ` : ''}${lower(v.style[0])} around ${v.city[0]} and ${v.place[0]}.`,
    (v) => `与当地向导一起小团探索${v.region[1]}：${v.days > 1 ? `${v.days}天的` : ''}${v.style[1]}，游览${v.city[1]}和${v.place[1]}。`,
  ],
  [
    (v) => `This ${lower(v.style[0])} takes you to ${v.place[0]}, one of the most beautiful places of ${v.region[0]}.`,
    (v) => `这次${v.style[1]}将带您前往${v.place[1]}——${v.region[1]}最美的地方之一。`,
  ],
  [
    (v) => `A journey to ${v.place[0]} for those who want to see the real ${v.region[0]}, far from the usual tourist routes.`,
    (v) => `前往${v.place[1]}的旅程，带您远离常规旅游线路，领略真正的${v.region[1]}。`,
  ],
  [
    (v) => `${v.place[0]} is best seen slowly: we planned this trip so that you have time for every viewpoint, every village and every story.`,
    (v) => `${v.place[1]}值得慢慢欣赏：我们精心安排行程，让您有充足的时间欣赏每一处风景、走访每一个村庄、聆听每一个故事。`,
  ],
];

export const STYLE_SENTENCES: [string, string][] = [
  ['Transfers, accommodation and most meals are included, so you can focus on the views.', '行程包含接送、住宿和大部分餐食，您只需专注于沿途风景。'],
  ['The pace is relaxed and suitable for travellers without special training.', '行程节奏轻松，适合没有经过专门训练的游客。'],
  ['Our guides have been leading groups here for more than ten years.', '我们的向导在这里带团已有十多年。'],
  ['Evenings are spent by the fire with local food and stories.', '晚上围着篝火品尝当地美食，聆听当地故事。'],
  ['Groups are small, so everyone gets attention and the best seats in the car.', '小团出行，每位游客都能得到照顾，并坐到车上最好的位置。'],
  ['You will taste the local cuisine and meet the people who live here all year round.', '您将品尝当地美食，结识常年生活在这里的人们。'],
  ['The route changes with the season: in summer we walk more, in winter we travel by snowmobile and 4x4.', '路线随季节变化：夏季以徒步为主，冬季乘坐雪地摩托和越野车出行。'],
  ['All permits for protected areas are arranged by the organizer.', '自然保护区的所有通行许可均由组织者办理。'],
];

export const HIGHLIGHTS: [string, string][] = [
  ['Local cuisine tasting', '品尝当地美食'],
  ['Sunset at a viewpoint', '在观景台欣赏日落'],
  ['Photo stops on the best spots', '在最佳拍摄点停留拍照'],
  ['A banya (Russian sauna) evening', '体验俄式桑拿浴'],
  ['Meeting local craftsmen', '拜访当地手工艺人'],
  ['Small group of like-minded travellers', '志同道合的小团旅行'],
];

export const ACTIVITIES: [string, string][] = [
  ['A day of walking along scenic trails with stops for photos', '沿着风景优美的小路徒步，途中停留拍照'],
  ['We drive along mountain roads and stop at the best viewpoints', '沿山路驾车前行，在最佳观景台停留'],
  ['A visit to a local museum and a craft workshop', '参观当地博物馆和手工作坊'],
  ['Lunch with dishes of the local cuisine in a family guest house', '在家庭旅馆享用当地特色午餐'],
  ['A boat trip along the shore and a swim for the brave', '乘船沿岸游览，勇敢者可以下水游泳'],
  ['Free time to explore on your own or to rest', '自由活动时间，可自行探索或休息'],
  ['An easy climb to a pass with a view over the valley', '轻松登上山口，俯瞰整个山谷'],
  ['A walk through the old town with a local historian', '跟随当地历史学家漫步老城'],
];

export const DAY_FIRST: Pair = [
  (v) => `<p>Meeting at ${v.city[0]} airport or railway station, transfer to the hotel, welcome dinner and a briefing from the guide.</p>`,
  (v) => `<p>在${v.city[1]}机场或火车站集合，前往酒店，享用欢迎晚餐，向导介绍行程。</p>`,
];
export const DAY_LAST: Pair = [
  (v) => `<p>Breakfast and transfer to ${v.city[0]} airport or railway station. End of the tour.</p>`,
  (v) => `<p>早餐后送往${v.city[1]}机场或火车站，行程结束。</p>`,
];

export const FAQ: Pair[] = [
  [() => 'What should I bring?', () => '需要带什么？'],
  [() => 'Can I join with children?', () => '可以带孩子参加吗？'],
  [() => 'How do I get to the meeting point?', () => '如何到达集合地点？'],
  [() => 'Is the tour guaranteed to run?', () => '行程一定会成行吗？'],
  [() => 'What is the weather like?', () => '天气怎么样？'],
  [() => 'Do I need a visa?', () => '需要签证吗？'],
  [() => 'Is there mobile coverage on the route?', () => '途中有手机信号吗？'],
];
export const FAQ_ANSWERS: Pair[] = [
  [() => '<p>Comfortable shoes, a rain jacket, warm layers and sunscreen. A detailed list is sent after booking.</p>', () => '<p>舒适的鞋子、雨衣、保暖衣物和防晒霜。预订后我们会发送详细清单。</p>'],
  [(v) => `<p>Children from ${v.minAge || 5} years old can take part accompanied by adults.</p>`, (v) => `<p>${v.minAge || 5}岁以上的儿童可在成人陪同下参加。</p>`],
  [(v) => `<p>The group meets in ${v.city[0]}. We can help you buy plane or train tickets.</p>`, (v) => `<p>团队在${v.city[1]}集合。我们可以协助您购买机票或火车票。</p>`],
  [(v) => `<p>The tour runs with at least ${v.groupMin} participants. Dates marked “not guaranteed” are confirmed when the group is complete.</p>`, (v) => `<p>至少${v.groupMin}人成团。标记为“未确认”的日期将在成团后确认。</p>`],
  [(v) => `<p>The weather in ${v.region[0]} changes quickly: bring layers and be ready for rain.</p>`, (v) => `<p>${v.region[1]}天气多变，请准备多层衣物，并做好防雨准备。</p>`],
  [() => '<p>Most foreign travellers need a Russian visa or an e-visa. We send an invitation letter after booking.</p>', () => '<p>大多数外国游客需要俄罗斯签证或电子签证。预订后我们会发送邀请函。</p>'],
  [() => '<p>Coverage is good in towns, but there may be no signal on the route for a day or two.</p>', () => '<p>城镇信号良好，但途中可能有一两天没有信号。</p>'],
];

export const INCLUDED: [string, string][] = [
  ['Accommodation', '住宿'], ['Meals as per programme', '行程中注明的餐食'], ['Transfers on the route', '途中交通'],
  ['Guide services', '导游服务'], ['Entrance tickets', '景点门票'], ['Equipment rental', '装备租赁'], ['Travel insurance', '旅游保险'],
];
export const EXCLUDED: [string, string][] = [
  ['Flights or train to the start of the tour', '往返行程起点的机票或火车票'], ['Personal expenses', '个人消费'], ['Alcohol', '酒水'],
  ['Tips', '小费'], ['Single room supplement', '单人房差价'], ['Souvenirs', '纪念品'],
];

/** Difficulty labels of public-site §9 and their Chinese equivalents. */
export const DIFFICULTY: [string, string][] = [
  ['Without exercise', '无需体力'],
  ['The load for beginners', '适合初学者的运动量'],
  ['Need a good shape', '需要良好的身体状态'],
  ['Need experience and good shape', '需要经验和良好的身体状态'],
];
export const DIFFICULTY_DETAILS: [string, string][] = [
  ['Short walks on easy ground; suitable for everyone.', '在平坦路面上短途步行，适合所有人。'],
  ['Up to 10 km a day on good trails; no experience needed.', '每天在良好的步道上行走不超过10公里，无需经验。'],
  ['Up to 20 km a day with climbs; regular exercise recommended.', '每天行走不超过20公里，含爬坡，建议平时有锻炼习惯。'],
  ['Long days at altitude and in the wild; previous trekking experience required.', '在高海拔和野外长时间行进，需要有徒步经验。'],
];

export const ACCOMMODATION_TEXT: Record<string, [string, string]> = {
  'camp-site': ['<p>Tourist camp with wooden cabins, hot showers and a dining room.</p>', '<p>旅游营地，设有木屋、热水淋浴和餐厅。</p>'],
  'guest-house': ['<p>Family guest house with rooms for 2–3 people; home-cooked meals.</p>', '<p>家庭旅馆，2至3人间，提供家常饭菜。</p>'],
  flat: ['<p>Apartments in the city centre with a kitchen and Wi-Fi.</p>', '<p>市中心公寓，配有厨房和无线网络。</p>'],
  cabin: ['<p>Cabins with private facilities; panoramic windows.</p>', '<p>带独立卫浴的舱房，配有全景窗。</p>'],
  hotel: ['<p>Comfortable hotel, double rooms with private bathroom, breakfast included.</p>', '<p>舒适的酒店，带独立卫浴的双人间，含早餐。</p>'],
  tent: ['<p>Nights in two-person tents; sleeping mats provided, bring your own sleeping bag.</p>', '<p>住双人帐篷，提供防潮垫，请自带睡袋。</p>'],
  train: ['<p>Nights in a sleeping car, two- or four-berth compartments.</p>', '<p>夜间乘坐卧铺列车，两人或四人包厢。</p>'],
  'not-set': ['<p>Accommodation is not included.</p>', '<p>不含住宿。</p>'],
};

export const IMPRESSIONS: [string, string][] = [
  ['Views you will remember', '难忘的美景'],
  ['Real local life', '真实的当地生活'],
  ['Wild nature', '原始的大自然'],
  ['Stories of the past', '往昔的故事'],
  ['Flavours of the region', '地方风味'],
];

export const REVIEW_BODIES: Record<'en' | 'cn' | 'ru', ((place: string) => string)[]> = {
  en: [
    (p) => `An unforgettable trip! ${p} exceeded all our expectations, and the guide knew every path.`,
    (p) => `Very well organised. The group was small and friendly, and ${p} was simply stunning.`,
    () => 'Good tour overall, although one day felt a bit rushed. The food was excellent.',
    (p) => `I travelled alone and felt looked after the whole time. ${p} at sunrise is something everyone should see.`,
    () => 'Comfortable accommodation, punctual transfers, great stories from the guide. Would book again.',
    () => 'The weather was not on our side, but the team changed the plan and we still saw the best places.',
  ],
  cn: [
    (p) => `非常难忘的旅行！${p}超出了我们的所有期待，向导对每条路都了如指掌。`,
    (p) => `组织得非常好。团队人数不多，大家都很友好，${p}美得令人惊叹。`,
    () => '整体不错，只是有一天行程稍显紧张。饭菜非常好吃。',
    (p) => `我一个人参团，全程都被照顾得很好。${p}的日出每个人都应该去看看。`,
    () => '住宿舒适，接送准时，向导讲的故事很精彩。下次还会再来。',
    () => '天气不太好，但团队及时调整了计划，我们还是看到了最美的地方。',
  ],
  ru: [
    (p) => `Потрясающая поездка! ${p} — это нужно увидеть своими глазами.`,
    () => 'Всё было организовано отлично, гид — настоящий профессионал.',
    () => 'Хороший тур, но хотелось бы больше свободного времени.',
  ],
};

export const BLOG_CATEGORIES: { key: string; en: string; de: string; ru: string; cn: string }[] = [
  { key: 'destinations', en: 'Destinations', de: 'Reiseziele', ru: 'Направления', cn: '目的地' },
  { key: 'travel-tips', en: 'Travel tips', de: 'Reisetipps', ru: 'Советы путешественникам', cn: '旅行贴士' },
  { key: 'seasons', en: 'Seasons', de: 'Jahreszeiten', ru: 'Сезоны', cn: '季节' },
  { key: 'news', en: 'News', de: 'Neuigkeiten', ru: 'Новости', cn: '新闻' },
];

/** Blog title templates per category: [en, cn] of a place [en, cn]. */
export const BLOG_TITLES: Record<string, [(p: string) => string, (p: string) => string][]> = {
  destinations: [
    [(p) => `Top 10 things to do in ${p}`, (p) => `${p}十大必做之事`],
    [(p) => `${p}: a first-timer's guide`, (p) => `${p}初游指南`],
    [(p) => `Why ${p} should be your next trip`, (p) => `为什么下一次旅行应该去${p}`],
  ],
  'travel-tips': [
    [(p) => `How to get to ${p}`, (p) => `如何前往${p}`],
    [(p) => `What to pack for ${p}`, (p) => `去${p}旅行需要带什么`],
    [(p) => `Travelling to ${p} on a budget`, (p) => `穷游${p}攻略`],
  ],
  seasons: [
    [(p) => `When to visit ${p}`, (p) => `${p}最佳旅行时间`],
    [(p) => `Winter in ${p}: what to expect`, (p) => `${p}的冬天：你需要知道的事`],
    [(p) => `${p} in autumn`, (p) => `秋天的${p}`],
  ],
  news: [
    [(p) => `New routes in ${p} this year`, (p) => `今年${p}的新线路`],
    [(p) => `${p} opens new trails for travellers`, (p) => `${p}为游客开放新步道`],
  ],
};

export const BLOG_PARAGRAPHS: [(p: string) => string, (p: string) => string][] = [
  [(p) => `${p} surprises even experienced travellers: the landscapes change every few hours of the road, and every village has its own story.`, (p) => `${p}甚至能让经验丰富的旅行者感到惊喜：每走几个小时，风景就会发生变化，每个村庄都有自己的故事。`],
  [() => 'The best way to see it is with a small group and a local guide, who knows where the crowds are not.', () => '最好的游览方式是跟随当地向导小团出行，他们知道哪里人少景美。'],
  [() => 'Plan at least a week: distances are long, and the weather can keep you an extra day in the most beautiful place.', () => '建议至少安排一周时间：路途遥远，天气也可能让您在最美的地方多停留一天。'],
  [(p) => `Book early for summer: the most popular tours to ${p} are sold out months in advance.`, (p) => `夏季请尽早预订：去${p}最受欢迎的线路往往提前几个月就已售罄。`],
  [() => 'Bring layers, a rain jacket and comfortable shoes; everything else can be rented on the spot.', () => '请带上多层衣物、雨衣和舒适的鞋子，其他装备都可以在当地租用。'],
  [() => 'Do not miss the local food: smoked fish, fresh berries and home-made bread are part of the experience.', () => '不要错过当地美食：熏鱼、新鲜浆果和家庭自制面包都是旅行体验的一部分。'],
];
