/**
 * Countries for the dropdown / phone input (public-site §3.6). Russia is id 1 (public-site §9);
 * the United States, Liberia and Myanmar have the ids 228, 114 and 31 that the spec's
 * 'metric system unless 31, 114 or 228' rule refers to.
 */

export interface CountrySeed {
  id: number;
  iso: string;
  iso3: string;
  phone: string;
  en: string;
  ru: string;
  cn: string;
  de: string;
  primary?: boolean;
}

const K = (id: number, iso: string, iso3: string, phone: string, en: string, de: string, ru: string, cn: string, primary = false): CountrySeed => ({
  id, iso, iso3, phone, en, de, ru, cn, ...(primary ? { primary } : {}),
});

export const COUNTRIES: CountrySeed[] = [
  K(1, 'RU', 'RUS', '7', 'Russia', 'Russland', 'Россия', '俄罗斯', true),
  K(20, 'BY', 'BLR', '375', 'Belarus', 'Belarus', 'Беларусь', '白俄罗斯', true),
  K(110, 'KZ', 'KAZ', '7', 'Kazakhstan', 'Kasachstan', 'Казахстан', '哈萨克斯坦', true),
  K(45, 'CN', 'CHN', '86', 'China', 'China', 'Китай', '中国', true),
  K(228, 'US', 'USA', '1', 'United States', 'Vereinigte Staaten', 'США', '美国', true),
  K(80, 'DE', 'DEU', '49', 'Germany', 'Deutschland', 'Германия', '德国', true),
  K(31, 'MM', 'MMR', '95', 'Myanmar', 'Myanmar', 'Мьянма', '缅甸'),
  K(114, 'LR', 'LBR', '231', 'Liberia', 'Liberia', 'Либерия', '利比里亚'),
  K(227, 'GB', 'GBR', '44', 'United Kingdom', 'Vereinigtes Königreich', 'Великобритания', '英国'),
  K(75, 'FR', 'FRA', '33', 'France', 'Frankreich', 'Франция', '法国'),
  K(105, 'IT', 'ITA', '39', 'Italy', 'Italien', 'Италия', '意大利'),
  K(200, 'ES', 'ESP', '34', 'Spain', 'Spanien', 'Испания', '西班牙'),
  K(214, 'TR', 'TUR', '90', 'Turkey', 'Türkei', 'Турция', '土耳其'),
  K(226, 'AE', 'ARE', '971', 'United Arab Emirates', 'Vereinigte Arabische Emirate', 'ОАЭ', '阿拉伯联合酋长国'),
  K(99, 'IN', 'IND', '91', 'India', 'Indien', 'Индия', '印度'),
  K(107, 'JP', 'JPN', '81', 'Japan', 'Japan', 'Япония', '日本'),
  K(116, 'KR', 'KOR', '82', 'South Korea', 'Südkorea', 'Южная Корея', '韩国'),
  K(229, 'UZ', 'UZB', '998', 'Uzbekistan', 'Usbekistan', 'Узбекистан', '乌兹别克斯坦'),
  K(117, 'KG', 'KGZ', '996', 'Kyrgyzstan', 'Kirgisistan', 'Киргизия', '吉尔吉斯斯坦'),
  K(209, 'TJ', 'TJK', '992', 'Tajikistan', 'Tadschikistan', 'Таджикистан', '塔吉克斯坦'),
  K(217, 'TM', 'TKM', '993', 'Turkmenistan', 'Turkmenistan', 'Туркменистан', '土库曼斯坦'),
  K(12, 'AM', 'ARM', '374', 'Armenia', 'Armenien', 'Армения', '亚美尼亚'),
  K(81, 'GE', 'GEO', '995', 'Georgia', 'Georgien', 'Грузия', '格鲁吉亚'),
  K(16, 'AZ', 'AZE', '994', 'Azerbaijan', 'Aserbaidschan', 'Азербайджан', '阿塞拜疆'),
  K(145, 'MN', 'MNG', '976', 'Mongolia', 'Mongolei', 'Монголия', '蒙古'),
  K(142, 'MD', 'MDA', '373', 'Moldova', 'Moldau', 'Молдова', '摩尔多瓦'),
  K(104, 'IL', 'ISR', '972', 'Israel', 'Israel', 'Израиль', '以色列'),
  K(210, 'TH', 'THA', '66', 'Thailand', 'Thailand', 'Таиланд', '泰国'),
  K(236, 'VN', 'VNM', '84', 'Vietnam', 'Vietnam', 'Вьетнам', '越南'),
  K(192, 'SG', 'SGP', '65', 'Singapore', 'Singapur', 'Сингапур', '新加坡'),
  K(14, 'AU', 'AUS', '61', 'Australia', 'Australien', 'Австралия', '澳大利亚'),
  K(38, 'CA', 'CAN', '1', 'Canada', 'Kanada', 'Канада', '加拿大'),
  K(153, 'NZ', 'NZL', '64', 'New Zealand', 'Neuseeland', 'Новая Зеландия', '新西兰'),
  K(207, 'CH', 'CHE', '41', 'Switzerland', 'Schweiz', 'Швейцария', '瑞士'),
  K(150, 'NL', 'NLD', '31', 'Netherlands', 'Niederlande', 'Нидерланды', '荷兰'),
  K(172, 'PL', 'POL', '48', 'Poland', 'Polen', 'Польша', '波兰'),
  K(73, 'FI', 'FIN', '358', 'Finland', 'Finnland', 'Финляндия', '芬兰'),
  K(68, 'EE', 'EST', '372', 'Estonia', 'Estland', 'Эстония', '爱沙尼亚'),
  K(120, 'LV', 'LVA', '371', 'Latvia', 'Lettland', 'Латвия', '拉脱维亚'),
  K(126, 'LT', 'LTU', '370', 'Lithuania', 'Litauen', 'Литва', '立陶宛'),
  K(190, 'RS', 'SRB', '381', 'Serbia', 'Serbien', 'Сербия', '塞尔维亚'),
  K(64, 'EG', 'EGY', '20', 'Egypt', 'Ägypten', 'Египет', '埃及'),
  K(30, 'BR', 'BRA', '55', 'Brazil', 'Brasilien', 'Бразилия', '巴西'),
  K(11, 'AR', 'ARG', '54', 'Argentina', 'Argentinien', 'Аргентина', '阿根廷'),
  K(140, 'MX', 'MEX', '52', 'Mexico', 'Mexiko', 'Мексика', '墨西哥'),
  K(93, 'HK', 'HKG', '852', 'Hong Kong', 'Hongkong', 'Гонконг', '中国香港'),
  K(130, 'MY', 'MYS', '60', 'Malaysia', 'Malaysia', 'Малайзия', '马来西亚'),
  K(100, 'ID', 'IDN', '62', 'Indonesia', 'Indonesien', 'Индонезия', '印度尼西亚'),
  K(15, 'AT', 'AUT', '43', 'Austria', 'Österreich', 'Австрия', '奥地利'),
  K(57, 'CZ', 'CZE', '420', 'Czech Republic', 'Tschechien', 'Чехия', '捷克'),
  K(178, 'SA', 'SAU', '966', 'Saudi Arabia', 'Saudi-Arabien', 'Саудовская Аравия', '沙特阿拉伯'),
  K(97, 'IR', 'IRN', '98', 'Iran', 'Iran', 'Иран', '伊朗'),
];
