/** Bots, page-audit tools, social and search crawlers are not shown the error page (§2.8). */
const BOT = /bot|crawler|spider|crawling|slurp|facebookexternalhit|facebot|twitterbot|linkedinbot|whatsapp|telegrambot|vkshare|pinterest|embedly|quora link preview|skypeuripreview|lighthouse|pagespeed|chrome-lighthouse|gtmetrix|headlesschrome\/.*audit|yandex(bot|images|metrika)|baiduspider|sogou|bingpreview|duckduckbot|applebot|petalbot|semrush|ahrefs|mj12bot|screaming frog/i;

export function isBot(userAgent: string | undefined | null): boolean {
  return Boolean(userAgent && BOT.test(userAgent));
}
