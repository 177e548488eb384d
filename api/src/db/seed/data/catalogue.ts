/**
 * Reference lists of the catalogue: travel styles (rest kinds), collections, water objects, ships,
 * cruise routes and showplaces. Real names; `regions` refer to RegionSeed.key.
 */

type AccommodationKind = 'camp-site' | 'guest-house' | 'flat' | 'cabin' | 'hotel' | 'tent' | 'train' | 'not-set';

export interface RestKindSeed {
  key: string;
  en: string;
  de: string;
  ru: string;
  cn: string;
  winter?: boolean;
  /** Only in these regions (all regions when absent). */
  regions?: string[];
  diff: [number, number];
  acc: AccommodationKind[];
  /** Fits a one-day excursion. */
  excursion?: boolean;
}

const MOUNTAINS = ['altai-republic', 'kabardino-balkaria', 'karachay-cherkessia', 'north-ossetia', 'dagestan', 'adygea', 'krasnodar', 'kamchatka', 'buryatia', 'tuva', 'khakassia', 'almaty-city', 'almaty-region', 'chelyabinsk', 'bashkortostan', 'ingushetia', 'chechnya', 'stavropol', 'murmansk', 'east-kazakhstan'];
const NORTH = ['murmansk', 'karelia', 'arkhangelsk', 'yamal', 'nenets', 'khanty-mansi', 'komi', 'yakutia', 'krasnoyarsk', 'chukotka'];

export const REST_KINDS: RestKindSeed[] = [
  { key: 'sightseeing', en: 'Sightseeing tour', de: 'Besichtigungstour', ru: 'Экскурсионный тур', cn: '观光之旅', diff: [1, 1], acc: ['hotel', 'flat'], excursion: true },
  { key: 'hiking', en: 'Hiking tour', de: 'Wandertour', ru: 'Пеший поход', cn: '徒步之旅', diff: [2, 4], acc: ['tent', 'guest-house', 'camp-site'], excursion: true },
  { key: 'jeep', en: 'Jeep tour', de: 'Jeep-Tour', ru: 'Джип-тур', cn: '吉普车之旅', diff: [1, 2], acc: ['hotel', 'guest-house', 'camp-site'], regions: [...MOUNTAINS, 'irkutsk', 'mangystau-region', 'kalmykia', 'yamal'], excursion: true },
  { key: 'horse-riding', en: 'Horse riding tour', de: 'Reittour', ru: 'Конный тур', cn: '骑马之旅', diff: [2, 3], acc: ['tent', 'camp-site', 'guest-house'], regions: MOUNTAINS, excursion: true },
  { key: 'rafting', en: 'Rafting trip', de: 'Rafting-Tour', ru: 'Сплав по реке', cn: '漂流之旅', diff: [2, 4], acc: ['tent', 'camp-site'], regions: ['altai-republic', 'karelia', 'adygea', 'bashkortostan', 'perm', 'chelyabinsk', 'sverdlovsk', 'tuva', 'khakassia', 'krasnoyarsk', 'murmansk', 'komi', 'kabardino-balkaria', 'dagestan'] },
  { key: 'kayaking', en: 'Kayak tour', de: 'Kajaktour', ru: 'Байдарочный поход', cn: '皮划艇之旅', diff: [2, 3], acc: ['tent', 'camp-site'], regions: ['karelia', 'leningrad-oblast', 'murmansk', 'tver', 'primorsky', 'irkutsk', 'kamchatka', 'vitebsk-region', 'arkhangelsk', 'sakhalin'] },
  { key: 'ski', en: 'Ski holiday', de: 'Skiurlaub', ru: 'Горнолыжный тур', cn: '滑雪之旅', winter: true, diff: [2, 3], acc: ['hotel', 'flat', 'guest-house'], regions: ['krasnodar', 'kabardino-balkaria', 'karachay-cherkessia', 'kemerovo', 'murmansk', 'sverdlovsk', 'bashkortostan', 'sakhalin', 'altai-krai', 'almaty-city', 'kamchatka'] },
  { key: 'snowmobile', en: 'Snowmobile safari', de: 'Schneemobil-Safari', ru: 'Снегоходный тур', cn: '雪地摩托之旅', winter: true, diff: [2, 3], acc: ['guest-house', 'cabin', 'hotel'], regions: [...NORTH, 'irkutsk', 'buryatia', 'perm', 'kamchatka'], excursion: true },
  { key: 'dog-sledding', en: 'Dog sledding', de: 'Hundeschlittenfahrt', ru: 'Катание на собачьих упряжках', cn: '狗拉雪橇之旅', winter: true, diff: [1, 2], acc: ['guest-house', 'cabin'], regions: ['murmansk', 'karelia', 'kamchatka', 'yamal', 'chukotka', 'leningrad-oblast', 'yakutia'], excursion: true },
  { key: 'northern-lights', en: 'Northern lights tour', de: 'Nordlicht-Tour', ru: 'Тур за северным сиянием', cn: '北极光之旅', winter: true, diff: [1, 2], acc: ['hotel', 'cabin', 'guest-house'], regions: NORTH, excursion: true },
  { key: 'gastronomy', en: 'Gastronomic tour', de: 'Kulinarische Reise', ru: 'Гастрономический тур', cn: '美食之旅', diff: [1, 1], acc: ['hotel', 'guest-house'], excursion: true },
  { key: 'ethnography', en: 'Ethnographic tour', de: 'Ethnografische Reise', ru: 'Этнографический тур', cn: '民俗之旅', diff: [1, 2], acc: ['guest-house', 'hotel', 'tent'], regions: ['dagestan', 'tatarstan', 'buryatia', 'tuva', 'yakutia', 'altai-republic', 'kalmykia', 'chuvashia', 'mari-el', 'bashkortostan', 'yamal', 'khanty-mansi', 'chukotka', 'komi', 'udmurtia', 'north-ossetia', 'ingushetia', 'chechnya', 'turkistan-region'], excursion: true },
  { key: 'photo', en: 'Photo tour', de: 'Fotoreise', ru: 'Фототур', cn: '摄影之旅', diff: [1, 3], acc: ['hotel', 'guest-house', 'camp-site'] },
  { key: 'wellness', en: 'Wellness retreat', de: 'Wellness-Reise', ru: 'Оздоровительный тур', cn: '康养之旅', diff: [1, 1], acc: ['hotel'], regions: ['stavropol', 'altai-krai', 'krasnodar', 'buryatia', 'kaliningrad', 'bashkortostan', 'moscow-oblast', 'minsk-region', 'brest-region', 'grodno-region', 'akmola-region', 'karelia'] },
  { key: 'family', en: 'Family holiday', de: 'Familienurlaub', ru: 'Семейный тур', cn: '亲子之旅', diff: [1, 2], acc: ['hotel', 'flat', 'guest-house'], excursion: true },
  { key: 'sailing', en: 'Sailing trip', de: 'Segeltörn', ru: 'Парусный поход', cn: '帆船之旅', diff: [2, 3], acc: ['cabin'], regions: ['karelia', 'leningrad-oblast', 'krasnodar', 'kaliningrad', 'primorsky', 'irkutsk', 'murmansk', 'saint-petersburg'] },
  { key: 'fishing', en: 'Fishing trip', de: 'Angelreise', ru: 'Рыболовный тур', cn: '钓鱼之旅', diff: [1, 2], acc: ['guest-house', 'camp-site', 'cabin'], regions: ['astrakhan', 'karelia', 'murmansk', 'kamchatka', 'yakutia', 'krasnoyarsk', 'sakhalin', 'khabarovsk', 'tver', 'arkhangelsk', 'east-kazakhstan', 'vitebsk-region'] },
  { key: 'wildlife', en: 'Wildlife watching', de: 'Tierbeobachtung', ru: 'Наблюдение за дикой природой', cn: '野生动物观察之旅', diff: [1, 2], acc: ['guest-house', 'cabin', 'tent'], regions: ['kamchatka', 'murmansk', 'primorsky', 'sakhalin', 'chukotka', 'irkutsk', 'buryatia', 'adygea', 'brest-region', 'astrakhan', 'kalmykia'], excursion: true },
  { key: 'mountaineering', en: 'Mountaineering expedition', de: 'Bergsteigerexpedition', ru: 'Альпинистское восхождение', cn: '登山探险', diff: [3, 4], acc: ['tent', 'camp-site', 'guest-house'], regions: ['kabardino-balkaria', 'karachay-cherkessia', 'north-ossetia', 'altai-republic', 'kamchatka', 'almaty-city', 'almaty-region', 'dagestan'] },
  { key: 'volcanoes', en: 'Volcano tour', de: 'Vulkantour', ru: 'Тур к вулканам', cn: '火山之旅', diff: [2, 4], acc: ['tent', 'camp-site', 'guest-house', 'hotel'], regions: ['kamchatka', 'sakhalin'], excursion: true },
  { key: 'cycling', en: 'Cycling tour', de: 'Radtour', ru: 'Велотур', cn: '骑行之旅', diff: [2, 3], acc: ['hotel', 'guest-house', 'tent'] },
  { key: 'ice-trek', en: 'Winter ice trek', de: 'Wintertour auf dem Eis', ru: 'Ледовый тур', cn: '冰上之旅', winter: true, diff: [2, 3], acc: ['guest-house', 'hotel'], regions: ['irkutsk', 'buryatia', 'krasnoyarsk', 'karelia'] },
  { key: 'rail', en: 'Rail journey', de: 'Bahnreise', ru: 'Железнодорожный тур', cn: '铁路之旅', diff: [1, 1], acc: ['train', 'hotel'] },
  { key: 'cruise', en: 'Cruise', de: 'Kreuzfahrt', ru: 'Круиз', cn: '游轮之旅', diff: [1, 1], acc: ['cabin'], regions: [] },
  { key: 'pilgrimage', en: 'Pilgrimage', de: 'Pilgerreise', ru: 'Паломнический тур', cn: '朝圣之旅', diff: [1, 2], acc: ['hotel', 'guest-house'], regions: ['arkhangelsk', 'yaroslavl', 'vladimir', 'moscow-oblast', 'pskov', 'novgorod', 'karelia', 'kostroma', 'nizhny-novgorod', 'vologda', 'buryatia', 'kalmykia'], excursion: true },
  { key: 'city-walk', en: 'City walk', de: 'Stadtrundgang', ru: 'Пешеходная экскурсия', cn: '城市漫步', diff: [1, 1], acc: ['not-set'], excursion: true },
  { key: 'diving', en: 'Diving trip', de: 'Tauchreise', ru: 'Дайвинг-тур', cn: '潜水之旅', diff: [2, 3], acc: ['hotel', 'guest-house'], regions: ['primorsky', 'murmansk', 'krasnodar', 'irkutsk', 'karelia'] },
];

export interface CollectionSeed {
  key: string;
  en: string;
  de: string;
  ru: string;
  cn: string;
  hidden?: boolean;
}

export const COLLECTIONS: CollectionSeed[] = [
  { key: 'new-year-holidays', en: 'New Year holidays', de: 'Neujahrsferien', ru: 'Новогодние каникулы', cn: '新年假期' },
  { key: 'may-holidays', en: 'May holidays', de: 'Maifeiertage', ru: 'Майские праздники', cn: '五一假期' },
  { key: 'weekend-getaways', en: 'Weekend getaways', de: 'Wochenendausflüge', ru: 'Туры выходного дня', cn: '周末短途游' },
  { key: 'tours-with-children', en: 'Tours with children', de: 'Reisen mit Kindern', ru: 'Туры с детьми', cn: '亲子旅行' },
  { key: 'winter-fairy-tale', en: 'Winter fairy tale', de: 'Wintermärchen', ru: 'Зимняя сказка', cn: '冬季童话' },
  { key: 'golden-ring-of-russia', en: 'Golden Ring of Russia', de: 'Goldener Ring Russlands', ru: 'Золотое кольцо России', cn: '俄罗斯金环' },
  { key: 'autumn-colours', en: 'Autumn colours', de: 'Herbstfarben', ru: 'Золотая осень', cn: '金秋之旅' },
  { key: 'russian-arctic', en: 'Russian Arctic', de: 'Russische Arktis', ru: 'Русская Арктика', cn: '俄罗斯北极' },
  { key: 'budget-tours', en: 'Budget tours', de: 'Günstige Reisen', ru: 'Бюджетные туры', cn: '经济实惠之旅' },
  { key: 'premium-tours', en: 'Premium tours', de: 'Premium-Reisen', ru: 'Премиум-туры', cn: '高端之旅' },
  { key: 'chinese-speaking-guide', en: 'Chinese-speaking guide', de: 'Chinesischsprachiger Guide', ru: 'С гидом на китайском', cn: '中文导游' },
  { key: 'first-time-in-russia', en: 'First time in Russia', de: 'Zum ersten Mal in Russland', ru: 'Впервые в России', cn: '初次游俄罗斯' },
  { key: 'hot-deals', en: 'Hot deals', de: 'Top-Angebote', ru: 'Горящие туры', cn: '特惠线路' },
  { key: 'summer-in-the-mountains', en: 'Summer in the mountains', de: 'Sommer in den Bergen', ru: 'Лето в горах', cn: '山间夏日' },
  { key: 'editors-choice', en: "Editors' choice", de: 'Empfehlung der Redaktion', ru: 'Выбор редакции', cn: '编辑推荐', hidden: true },
  { key: 'partner-specials', en: 'Partner specials', de: 'Partnerangebote', ru: 'Спецпредложения партнёров', cn: '合作伙伴特惠', hidden: true },
];

export interface WaterSeed {
  key: string;
  kind: 'lake' | 'river' | 'sea' | 'ocean' | 'reservoir';
  en: string;
  de: string;
  ru: string;
  cn: string;
  regions: string[];
}

const W = (key: string, kind: WaterSeed['kind'], en: string, de: string, ru: string, cn: string, regions: string[]): WaterSeed => ({ key, kind, en, de, ru, cn, regions });

export const WATER_OBJECTS: WaterSeed[] = [
  W('lake-baikal', 'lake', 'Lake Baikal', 'Baikalsee', 'озеро Байкал', '贝加尔湖', ['irkutsk', 'buryatia']),
  W('lake-ladoga', 'lake', 'Lake Ladoga', 'Ladogasee', 'Ладожское озеро', '拉多加湖', ['karelia', 'leningrad-oblast']),
  W('lake-onega', 'lake', 'Lake Onega', 'Onegasee', 'Онежское озеро', '奥涅加湖', ['karelia', 'vologda', 'leningrad-oblast']),
  W('lake-teletskoye', 'lake', 'Lake Teletskoye', 'Telezker See', 'Телецкое озеро', '捷列茨科耶湖', ['altai-republic']),
  W('lake-seliger', 'lake', 'Lake Seliger', 'Seligersee', 'озеро Селигер', '谢利格尔湖', ['tver', 'novgorod']),
  W('lake-elton', 'lake', 'Lake Elton', 'Eltonsee', 'озеро Эльтон', '埃尔通湖', ['volgograd']),
  W('lake-pleshcheyevo', 'lake', 'Lake Pleshcheyevo', 'Pleschtschejewo-See', 'Плещеево озеро', '普列谢耶沃湖', ['yaroslavl']),
  W('lake-narach', 'lake', 'Lake Narach', 'Narotsch-See', 'озеро Нарочь', '纳拉奇湖', ['minsk-region']),
  W('kolsai-lakes', 'lake', 'Kolsai Lakes', 'Kolsai-Seen', 'Кольсайские озёра', '科尔赛湖', ['almaty-region']),
  W('lake-burabay', 'lake', 'Lake Burabay', 'Burabai-See', 'озеро Бурабай', '布拉拜湖', ['akmola-region']),
  W('volga', 'river', 'Volga', 'Wolga', 'Волга', '伏尔加河', ['tver', 'yaroslavl', 'kostroma', 'nizhny-novgorod', 'chuvashia', 'mari-el', 'tatarstan', 'ulyanovsk', 'samara', 'saratov', 'volgograd', 'astrakhan']),
  W('neva', 'river', 'Neva', 'Newa', 'Нева', '涅瓦河', ['saint-petersburg', 'leningrad-oblast']),
  W('oka', 'river', 'Oka', 'Oka', 'Ока', '奥卡河', ['oryol', 'kaluga', 'tula', 'moscow-oblast', 'ryazan', 'nizhny-novgorod']),
  W('kama', 'river', 'Kama', 'Kama', 'Кама', '卡马河', ['perm', 'udmurtia', 'bashkortostan', 'tatarstan']),
  W('don', 'river', 'Don', 'Don', 'Дон', '顿河', ['lipetsk', 'voronezh', 'volgograd', 'rostov']),
  W('yenisei', 'river', 'Yenisei', 'Jenissei', 'Енисей', '叶尼塞河', ['tuva', 'khakassia', 'krasnoyarsk']),
  W('lena', 'river', 'Lena', 'Lena', 'Лена', '勒拿河', ['irkutsk', 'yakutia']),
  W('ob', 'river', 'Ob', 'Ob', 'Обь', '鄂毕河', ['altai-krai', 'novosibirsk', 'tomsk', 'khanty-mansi', 'yamal']),
  W('katun', 'river', 'Katun', 'Katun', 'Катунь', '卡通河', ['altai-republic']),
  W('amur', 'river', 'Amur', 'Amur', 'Амур', '阿穆尔河（黑龙江）', ['amur', 'khabarovsk']),
  W('irtysh', 'river', 'Irtysh', 'Irtysch', 'Иртыш', '额尔齐斯河', ['east-kazakhstan', 'omsk', 'tyumen', 'khanty-mansi']),
  W('svir', 'river', 'Svir', 'Swir', 'Свирь', '斯维尔河', ['leningrad-oblast']),
  W('chusovaya', 'river', 'Chusovaya', 'Tschussowaja', 'Чусовая', '丘索瓦亚河', ['perm', 'sverdlovsk']),
  W('belaya', 'river', 'Belaya', 'Belaja', 'Белая', '别拉亚河', ['bashkortostan', 'adygea']),
  W('sulak', 'river', 'Sulak', 'Sulak', 'Сулак', '苏拉克河', ['dagestan']),
  W('white-sea', 'sea', 'White Sea', 'Weißes Meer', 'Белое море', '白海', ['karelia', 'arkhangelsk', 'murmansk']),
  W('barents-sea', 'sea', 'Barents Sea', 'Barentssee', 'Баренцево море', '巴伦支海', ['murmansk', 'nenets']),
  W('black-sea', 'sea', 'Black Sea', 'Schwarzes Meer', 'Чёрное море', '黑海', ['krasnodar']),
  W('baltic-sea', 'sea', 'Baltic Sea', 'Ostsee', 'Балтийское море', '波罗的海', ['kaliningrad', 'leningrad-oblast', 'saint-petersburg']),
  W('sea-of-azov', 'sea', 'Sea of Azov', 'Asowsches Meer', 'Азовское море', '亚速海', ['rostov', 'krasnodar']),
  W('caspian-sea', 'sea', 'Caspian Sea', 'Kaspisches Meer', 'Каспийское море', '里海', ['dagestan', 'astrakhan', 'kalmykia', 'mangystau-region']),
  W('sea-of-japan', 'sea', 'Sea of Japan', 'Japanisches Meer', 'Японское море', '日本海', ['primorsky', 'sakhalin', 'khabarovsk']),
  W('sea-of-okhotsk', 'sea', 'Sea of Okhotsk', 'Ochotskisches Meer', 'Охотское море', '鄂霍次克海', ['magadan', 'sakhalin', 'kamchatka', 'khabarovsk']),
  W('pacific-ocean', 'ocean', 'Pacific Ocean', 'Pazifischer Ozean', 'Тихий океан', '太平洋', ['kamchatka', 'sakhalin', 'chukotka']),
  W('rybinsk-reservoir', 'reservoir', 'Rybinsk Reservoir', 'Rybinsker Stausee', 'Рыбинское водохранилище', '雷宾斯克水库', ['yaroslavl', 'tver', 'vologda']),
];

export interface ShipSeed {
  key: string;
  kind: 'river' | 'sea' | 'lake';
  en: string;
  ru: string;
  cn: string;
  decks: number;
  capacity: number;
  built: number;
}

const S = (key: string, kind: ShipSeed['kind'], en: string, ru: string, cn: string, decks: number, capacity: number, built: number): ShipSeed => ({ key, kind, en, ru, cn, decks, capacity, built });

export const SHIPS: ShipSeed[] = [
  S('mustai-karim', 'river', 'Mustai Karim', 'Мустай Карим', '穆斯塔伊·卡里姆号', 4, 329, 2017),
  S('volga-dream', 'river', 'Volga Dream', 'Волжская мечта', '伏尔加之梦号', 3, 100, 1959),
  S('alexander-benois', 'river', 'Alexander Benois', 'Александр Бенуа', '亚历山大·伯努瓦号', 4, 280, 1985),
  S('konstantin-korotkov', 'river', 'Konstantin Korotkov', 'Константин Коротков', '康斯坦丁·科罗特科夫号', 4, 150, 1976),
  S('lev-tolstoy', 'river', 'Lev Tolstoy', 'Лев Толстой', '列夫·托尔斯泰号', 4, 250, 1979),
  S('fyodor-dostoevsky', 'river', 'Fyodor Dostoevsky', 'Фёдор Достоевский', '费奥多尔·陀思妥耶夫斯基号', 4, 300, 1983),
  S('mikhail-sholokhov', 'river', 'Mikhail Sholokhov', 'Михаил Шолохов', '米哈伊尔·肖洛霍夫号', 4, 250, 1988),
  S('rus-velikaya', 'river', 'Rus Velikaya', 'Русь Великая', '伟大罗斯号', 4, 400, 1990),
  S('alexander-pushkin', 'river', 'Alexander Pushkin', 'Александр Пушкин', '亚历山大·普希金号', 4, 240, 1974),
  S('anton-chekhov', 'river', 'Anton Chekhov', 'Антон Чехов', '安东·契诃夫号', 4, 200, 1978),
  S('mikhail-svetlov', 'river', 'Mikhail Svetlov', 'Михаил Светлов', '米哈伊尔·斯韦特洛夫号', 3, 120, 1985),
  S('knyaz-vladimir', 'sea', 'Knyaz Vladimir', 'Князь Владимир', '弗拉基米尔大公号', 7, 500, 1977),
  S('primorye-star', 'sea', 'Primorye Star', 'Звезда Приморья', '滨海之星号', 3, 90, 2005),
  S('avacha', 'sea', 'Avacha', 'Авача', '阿瓦恰号', 2, 60, 1998),
  S('baikal-explorer', 'lake', 'Baikal Explorer', 'Байкальский исследователь', '贝加尔探险者号', 3, 40, 2012),
  S('seliger-express', 'lake', 'Seliger Express', 'Селигер-экспресс', '谢利格尔快线号', 2, 80, 2010),
];

export interface CruiseRouteSeed {
  type: 'river' | 'sea' | 'lake';
  /** Water object keys. */
  waters: string[];
  /** City names (en) in order; the first is the start city. */
  stops: string[];
  days: [number, number];
  ships: string[];
  returning?: boolean;
}

const VOLGA_SHIPS = ['mustai-karim', 'volga-dream', 'alexander-benois', 'konstantin-korotkov', 'lev-tolstoy', 'fyodor-dostoevsky', 'mikhail-sholokhov', 'rus-velikaya', 'alexander-pushkin'];

export const CRUISE_ROUTES: CruiseRouteSeed[] = [
  { type: 'river', waters: ['volga'], stops: ['Moscow', 'Uglich', 'Yaroslavl', 'Kostroma', 'Nizhny Novgorod', 'Kazan'], days: [7, 10], ships: VOLGA_SHIPS },
  { type: 'river', waters: ['volga', 'rybinsk-reservoir', 'lake-onega', 'svir', 'lake-ladoga', 'neva'], stops: ['Moscow', 'Uglich', 'Kirillov', 'Petrozavodsk', 'Saint Petersburg'], days: [8, 12], ships: VOLGA_SHIPS },
  { type: 'river', waters: ['volga'], stops: ['Nizhny Novgorod', 'Kazan', 'Samara', 'Saratov', 'Volgograd', 'Astrakhan'], days: [10, 14], ships: VOLGA_SHIPS },
  { type: 'river', waters: ['volga'], stops: ['Kazan', 'Samara', 'Volgograd', 'Astrakhan'], days: [7, 10], ships: VOLGA_SHIPS },
  { type: 'river', waters: ['volga'], stops: ['Samara', 'Shiryaevo', 'Ulyanovsk', 'Kazan'], days: [3, 5], ships: VOLGA_SHIPS },
  { type: 'river', waters: ['volga'], stops: ['Moscow', 'Tver', 'Uglich'], days: [3, 5], ships: VOLGA_SHIPS, returning: true },
  { type: 'river', waters: ['kama', 'volga'], stops: ['Perm', 'Yelabuga', 'Kazan'], days: [5, 7], ships: ['alexander-pushkin', 'mikhail-sholokhov'] },
  { type: 'river', waters: ['don', 'volga'], stops: ['Rostov-on-Don', 'Volgograd', 'Astrakhan'], days: [8, 10], ships: ['lev-tolstoy', 'rus-velikaya'] },
  { type: 'river', waters: ['yenisei'], stops: ['Krasnoyarsk', 'Norilsk'], days: [10, 12], ships: ['anton-chekhov'] },
  { type: 'river', waters: ['lena'], stops: ['Yakutsk'], days: [3, 5], ships: ['mikhail-svetlov'], returning: true },
  { type: 'lake', waters: ['lake-ladoga', 'lake-onega', 'neva', 'svir'], stops: ['Saint Petersburg', 'Sortavala', 'Petrozavodsk'], days: [4, 6], ships: ['konstantin-korotkov', 'alexander-benois'] },
  { type: 'lake', waters: ['lake-baikal'], stops: ['Irkutsk', 'Listvyanka', 'Khuzhir', 'Ust-Barguzin'], days: [5, 8], ships: ['baikal-explorer'] },
  { type: 'lake', waters: ['lake-seliger'], stops: ['Ostashkov'], days: [2, 3], ships: ['seliger-express'], returning: true },
  { type: 'sea', waters: ['black-sea'], stops: ['Sochi', 'Gelendzhik', 'Anapa'], days: [3, 6], ships: ['knyaz-vladimir'] },
  { type: 'sea', waters: ['sea-of-japan'], stops: ['Vladivostok', 'Nakhodka'], days: [2, 4], ships: ['primorye-star'] },
  { type: 'sea', waters: ['pacific-ocean'], stops: ['Petropavlovsk-Kamchatsky'], days: [1, 3], ships: ['avacha'], returning: true },
];

export interface ShowplaceSeed {
  region: string;
  en: string;
  ru: string;
  cn: string;
}

const P = (region: string, en: string, ru: string, cn: string): ShowplaceSeed => ({ region, en, ru, cn });

export const SHOWPLACES: ShowplaceSeed[] = [
  P('moscow', 'Red Square', 'Красная площадь', '红场'),
  P('moscow', 'Moscow Kremlin', 'Московский Кремль', '莫斯科克里姆林宫'),
  P('moscow', 'Tretyakov Gallery', 'Третьяковская галерея', '特列季亚科夫画廊'),
  P('moscow', 'Kolomenskoye', 'Коломенское', '科洛缅斯科耶庄园'),
  P('moscow-oblast', 'Trinity Lavra of St. Sergius', 'Троице-Сергиева лавра', '圣三一修道院'),
  P('saint-petersburg', 'Hermitage Museum', 'Эрмитаж', '艾尔米塔什博物馆'),
  P('saint-petersburg', 'Peterhof', 'Петергоф', '彼得夏宫'),
  P('saint-petersburg', 'Peter and Paul Fortress', 'Петропавловская крепость', '彼得保罗要塞'),
  P('saint-petersburg', 'Tsarskoye Selo', 'Царское Село', '皇村'),
  P('leningrad-oblast', 'Vyborg Castle', 'Выборгский замок', '维堡城堡'),
  P('karelia', 'Kizhi Island', 'Остров Кижи', '基日岛'),
  P('karelia', 'Ruskeala Marble Canyon', 'Мраморный каньон Рускеала', '鲁斯克阿拉大理石峡谷'),
  P('karelia', 'Kivach Waterfall', 'Водопад Кивач', '基瓦奇瀑布'),
  P('karelia', 'Valaam Archipelago', 'Валаам', '瓦拉姆群岛'),
  P('murmansk', 'Khibiny Mountains', 'Хибины', '希比内山脉'),
  P('murmansk', 'Teriberka coast', 'Побережье Териберки', '捷里别尔卡海岸'),
  P('arkhangelsk', 'Solovetsky Monastery', 'Соловецкий монастырь', '索洛韦茨基修道院'),
  P('arkhangelsk', 'Malye Korely', 'Малые Корелы', '小科雷利木建筑博物馆'),
  P('vologda', 'Kirillo-Belozersky Monastery', 'Кирилло-Белозерский монастырь', '基里洛-别洛焦尔斯基修道院'),
  P('vologda', 'Ded Moroz Estate', 'Вотчина Деда Мороза', '严寒老人庄园'),
  P('novgorod', 'Novgorod Kremlin', 'Новгородский кремль', '诺夫哥罗德克里姆林'),
  P('pskov', 'Pskov Kremlin', 'Псковский кремль', '普斯科夫克里姆林'),
  P('kaliningrad', 'Curonian Spit', 'Куршская коса', '库尔斯沙嘴'),
  P('kaliningrad', 'Königsberg Cathedral', 'Кафедральный собор Кёнигсберга', '柯尼斯堡大教堂'),
  P('yaroslavl', 'Rostov Kremlin', 'Ростовский кремль', '罗斯托夫克里姆林'),
  P('vladimir', 'Golden Gate of Vladimir', 'Золотые ворота', '弗拉基米尔金门'),
  P('vladimir', 'Suzdal Kremlin', 'Суздальский кремль', '苏兹达尔克里姆林'),
  P('kostroma', 'Ipatiev Monastery', 'Ипатьевский монастырь', '伊帕季耶夫修道院'),
  P('tula', 'Yasnaya Polyana', 'Ясная Поляна', '亚斯纳亚·波良纳庄园'),
  P('nizhny-novgorod', 'Nizhny Novgorod Kremlin', 'Нижегородский кремль', '下诺夫哥罗德克里姆林'),
  P('tatarstan', 'Kazan Kremlin', 'Казанский кремль', '喀山克里姆林宫'),
  P('tatarstan', 'Sviyazhsk Island', 'Остров-град Свияжск', '斯维亚日斯克岛城'),
  P('volgograd', 'Mamayev Kurgan', 'Мамаев курган', '马马耶夫岗'),
  P('astrakhan', 'Lotus fields of the Volga Delta', 'Лотосовые поля дельты Волги', '伏尔加河三角洲荷花田'),
  P('kalmykia', 'Golden Abode of Buddha Shakyamuni', 'Золотая обитель Будды Шакьямуни', '释迦牟尼佛金色寺院'),
  P('krasnodar', 'Rosa Khutor', 'Роза Хутор', '玫瑰庄园'),
  P('krasnodar', 'Sochi Olympic Park', 'Олимпийский парк', '索契奥林匹克公园'),
  P('krasnodar', 'Agura Waterfalls', 'Агурские водопады', '阿古拉瀑布'),
  P('adygea', 'Lago-Naki Plateau', 'Плато Лаго-Наки', '拉戈纳基高原'),
  P('adygea', 'Khadzhokh Gorge', 'Хаджохская теснина', '哈乔赫峡谷'),
  P('stavropol', 'Kislovodsk Resort Park', 'Курортный парк Кисловодска', '基斯洛沃茨克疗养公园'),
  P('stavropol', 'Mount Mashuk', 'Гора Машук', '马舒克山'),
  P('karachay-cherkessia', 'Teberda Nature Reserve', 'Тебердинский заповедник', '捷别尔达自然保护区'),
  P('karachay-cherkessia', 'Sofia Lakes', 'Софийские озёра', '索菲亚湖'),
  P('kabardino-balkaria', 'Mount Elbrus', 'Эльбрус', '厄尔布鲁士山'),
  P('kabardino-balkaria', 'Chegem Waterfalls', 'Чегемские водопады', '切格姆瀑布'),
  P('north-ossetia', 'Dargavs Necropolis', 'Даргавс', '达尔加夫斯古墓群'),
  P('north-ossetia', 'Tsey Gorge', 'Цейское ущелье', '采伊峡谷'),
  P('ingushetia', 'Vovnushki Towers', 'Вовнушки', '沃夫努什基塔楼'),
  P('chechnya', 'Lake Kezenoyam', 'Озеро Кезеной-Ам', '凯泽诺伊阿姆湖'),
  P('chechnya', 'Heart of Chechnya Mosque', 'Мечеть «Сердце Чечни»', '“车臣之心”清真寺'),
  P('dagestan', 'Sulak Canyon', 'Сулакский каньон', '苏拉克峡谷'),
  P('dagestan', 'Gamsutl', 'Гамсутль', '甘苏特尔古村'),
  P('dagestan', 'Sarykum Dune', 'Бархан Сарыкум', '萨雷库姆沙丘'),
  P('dagestan', 'Naryn-Kala Fortress', 'Крепость Нарын-Кала', '纳伦-卡拉要塞'),
  P('bashkortostan', 'Shulgan-Tash Cave', 'Пещера Шульган-Таш', '舒尔甘-塔什洞穴'),
  P('perm', 'Kungur Ice Cave', 'Кунгурская ледяная пещера', '昆古尔冰洞'),
  P('perm', 'Usva Pillars', 'Усьвинские столбы', '乌斯瓦石柱'),
  P('sverdlovsk', 'Deer Streams Park', 'Парк «Оленьи ручьи»', '鹿溪公园'),
  P('chelyabinsk', 'Taganay National Park', 'Национальный парк Таганай', '塔加奈国家公园'),
  P('chelyabinsk', 'Zyuratkul National Park', 'Национальный парк Зюраткуль', '久拉特库尔国家公园'),
  P('komi', 'Manpupuner rock formations', 'Столбы выветривания Маньпупунёр', '曼普普涅尔石柱'),
  P('krasnoyarsk', 'Stolby Nature Reserve', 'Заповедник «Столбы»', '斯托尔比自然保护区'),
  P('krasnoyarsk', 'Putorana Plateau', 'Плато Путорана', '普托拉纳高原'),
  P('altai-republic', 'Chuysky Trakt', 'Чуйский тракт', '楚伊斯基公路'),
  P('altai-republic', 'Mount Belukha', 'Гора Белуха', '别卢哈山'),
  P('altai-republic', 'Kyzyl-Chin Valley', 'Долина Кызыл-Чин', '克孜勒钦谷（火星谷）'),
  P('altai-republic', 'Katu-Yaryk Pass', 'Перевал Кату-Ярык', '卡图-亚雷克山口'),
  P('altai-republic', 'Multa Lakes', 'Мультинские озёра', '穆尔塔湖群'),
  P('altai-krai', 'Denisova Cave', 'Денисова пещера', '丹尼索瓦洞'),
  P('kemerovo', 'Mount Zelyonaya', 'Гора Зелёная', '泽廖纳亚山'),
  P('khakassia', 'Salbyk Kurgan', 'Салбыкский курган', '萨尔贝克古冢'),
  P('tuva', 'Centre of Asia monument', 'Монумент «Центр Азии»', '亚洲中心纪念碑'),
  P('irkutsk', 'Olkhon Island', 'Остров Ольхон', '奥尔洪岛'),
  P('irkutsk', 'Circum-Baikal Railway', 'Кругобайкальская железная дорога', '环贝加尔湖铁路'),
  P('irkutsk', 'Shaman Rock', 'Скала Шаманка', '萨满岩'),
  P('irkutsk', 'Cape Khoboy', 'Мыс Хобой', '霍博伊海角'),
  P('buryatia', 'Ivolginsky Datsan', 'Иволгинский дацан', '伊沃尔金斯基寺'),
  P('buryatia', 'Barguzin Valley', 'Баргузинская долина', '巴尔古津谷'),
  P('buryatia', 'Holy Nose Peninsula', 'Полуостров Святой Нос', '圣角半岛'),
  P('yakutia', 'Lena Pillars', 'Ленские столбы', '勒拿河柱状岩'),
  P('yakutia', 'Permafrost Kingdom', 'Царство вечной мерзлоты', '永久冻土王国'),
  P('primorsky', 'Russky Bridge', 'Русский мост', '俄罗斯岛大桥'),
  P('primorsky', 'Land of the Leopard National Park', 'Национальный парк «Земля леопарда»', '豹之乡国家公园'),
  P('sakhalin', 'Cape Velikan', 'Мыс Великан', '巨人角'),
  P('kamchatka', 'Valley of Geysers', 'Долина гейзеров', '间歇泉谷'),
  P('kamchatka', 'Avachinsky Volcano', 'Авачинский вулкан', '阿瓦恰火山'),
  P('kamchatka', 'Kurile Lake', 'Курильское озеро', '库里尔湖'),
  P('kamchatka', 'Mutnovsky Volcano', 'Мутновский вулкан', '穆特诺夫斯基火山'),
  P('kamchatka', 'Klyuchevskaya Sopka', 'Ключевская сопка', '克柳切夫火山'),
  P('magadan', 'Kolyma Highway', 'Колымская трасса', '科雷马公路'),
  P('chukotka', 'Whale Bone Alley', 'Китовая аллея', '鲸骨巷'),
  P('minsk-city', 'Upper Town of Minsk', 'Верхний город', '明斯克上城'),
  P('minsk-region', 'Nesvizh Castle', 'Несвижский замок', '涅斯维日城堡'),
  P('brest-region', 'Brest Fortress', 'Брестская крепость', '布列斯特要塞'),
  P('brest-region', 'Belovezhskaya Pushcha', 'Беловежская пуща', '别洛韦日森林'),
  P('grodno-region', 'Mir Castle', 'Мирский замок', '米尔城堡'),
  P('vitebsk-region', 'Braslav Lakes', 'Браславские озёра', '布拉斯拉夫湖群'),
  P('almaty-city', 'Medeu', 'Медеу', '梅德乌'),
  P('almaty-city', 'Shymbulak', 'Шымбулак', '琼布拉克滑雪场'),
  P('almaty-region', 'Charyn Canyon', 'Чарынский каньон', '恰伦峡谷'),
  P('almaty-region', 'Big Almaty Lake', 'Большое Алматинское озеро', '大阿拉木图湖'),
  P('astana', 'Baiterek Tower', 'Монумент «Байтерек»', '巴伊杰列克观景塔'),
  P('turkistan-region', 'Mausoleum of Khoja Ahmed Yasawi', 'Мавзолей Ходжи Ахмеда Ясави', '霍贾·艾哈迈德·亚萨维陵墓'),
  P('mangystau-region', 'Bozzhyra Valley', 'Урочище Бозжыра', '博兹日拉谷'),
  P('east-kazakhstan', 'Markakol Lake', 'Озеро Маркаколь', '马尔卡科尔湖'),
];

/** Russian first and last names with Chinese transliterations (female last name: +a / 夫→娃). */
export const FIRST_NAMES: { en: string; ru: string; cn: string; female: boolean }[] = [
  { en: 'Ivan', ru: 'Иван', cn: '伊万', female: false },
  { en: 'Alexei', ru: 'Алексей', cn: '阿列克谢', female: false },
  { en: 'Dmitry', ru: 'Дмитрий', cn: '德米特里', female: false },
  { en: 'Sergei', ru: 'Сергей', cn: '谢尔盖', female: false },
  { en: 'Andrei', ru: 'Андрей', cn: '安德烈', female: false },
  { en: 'Mikhail', ru: 'Михаил', cn: '米哈伊尔', female: false },
  { en: 'Nikolai', ru: 'Николай', cn: '尼古拉', female: false },
  { en: 'Pavel', ru: 'Павел', cn: '帕维尔', female: false },
  { en: 'Vladimir', ru: 'Владимир', cn: '弗拉基米尔', female: false },
  { en: 'Artem', ru: 'Артём', cn: '阿尔乔姆', female: false },
  { en: 'Maxim', ru: 'Максим', cn: '马克西姆', female: false },
  { en: 'Kirill', ru: 'Кирилл', cn: '基里尔', female: false },
  { en: 'Olga', ru: 'Ольга', cn: '奥尔加', female: true },
  { en: 'Anna', ru: 'Анна', cn: '安娜', female: true },
  { en: 'Elena', ru: 'Елена', cn: '叶莲娜', female: true },
  { en: 'Maria', ru: 'Мария', cn: '玛丽亚', female: true },
  { en: 'Natalia', ru: 'Наталья', cn: '娜塔莉亚', female: true },
  { en: 'Tatiana', ru: 'Татьяна', cn: '塔季扬娜', female: true },
  { en: 'Irina', ru: 'Ирина', cn: '伊琳娜', female: true },
  { en: 'Svetlana', ru: 'Светлана', cn: '斯韦特兰娜', female: true },
  { en: 'Yulia', ru: 'Юлия', cn: '尤利娅', female: true },
  { en: 'Ekaterina', ru: 'Екатерина', cn: '叶卡捷琳娜', female: true },
  { en: 'Daria', ru: 'Дарья', cn: '达莉娅', female: true },
  { en: 'Anastasia', ru: 'Анастасия', cn: '阿纳斯塔西娅', female: true },
];

export const LAST_NAMES: { en: string; ru: string; cn: string }[] = [
  { en: 'Ivanov', ru: 'Иванов', cn: '伊万诺夫' },
  { en: 'Petrov', ru: 'Петров', cn: '彼得罗夫' },
  { en: 'Smirnov', ru: 'Смирнов', cn: '斯米尔诺夫' },
  { en: 'Kuznetsov', ru: 'Кузнецов', cn: '库兹涅佐夫' },
  { en: 'Popov', ru: 'Попов', cn: '波波夫' },
  { en: 'Sokolov', ru: 'Соколов', cn: '索科洛夫' },
  { en: 'Lebedev', ru: 'Лебедев', cn: '列别杰夫' },
  { en: 'Kozlov', ru: 'Козлов', cn: '科兹洛夫' },
  { en: 'Novikov', ru: 'Новиков', cn: '诺维科夫' },
  { en: 'Morozov', ru: 'Морозов', cn: '莫罗佐夫' },
  { en: 'Volkov', ru: 'Волков', cn: '沃尔科夫' },
  { en: 'Pavlov', ru: 'Павлов', cn: '帕夫洛夫' },
  { en: 'Semenov', ru: 'Семёнов', cn: '谢苗诺夫' },
  { en: 'Orlov', ru: 'Орлов', cn: '奥尔洛夫' },
  { en: 'Belov', ru: 'Белов', cn: '别洛夫' },
  { en: 'Fedorov', ru: 'Фёдоров', cn: '费奥多罗夫' },
];

/** Reviewer names as written on the site (reviews keep their author's language). */
export const REVIEWER_NAMES = {
  en: ['Emma W.', 'Liam J.', 'Sophie M.', 'Daniel K.', 'Olivia B.', 'Noah T.', 'Mia R.', 'Lucas H.', 'Hannah S.', 'Jonas F.', 'Clara P.', 'Ethan G.'],
  cn: ['王芳', '李娜', '张伟', '刘洋', '陈静', '杨磊', '赵敏', '黄晓明', '周婷', '吴俊', '徐丽', '孙浩'],
  ru: ['Ольга С.', 'Андрей П.', 'Марина К.', 'Денис В.', 'Екатерина Л.', 'Игорь Н.'],
};

/** Words for organization names: [en, cn]. */
export const ORGANIZATION_NOUNS: [string, string][] = [
  ['Expeditions', '探险'], ['Travel', '旅行社'], ['Adventures', '探险之旅'], ['Tours', '旅游'], ['Journeys', '行旅'],
  ['Trails', '步道旅行'], ['Discovery', '发现之旅'], ['Outdoor', '户外'],
];
