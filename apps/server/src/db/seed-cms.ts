/**
 * The demo CMS: per demo operator (and the CMS default) a gallery of small generated PNGs, branding,
 * theme, sliders, the v1 template and menus, a footer, a few pages and blog posts in English (and
 * the branding in Turkish); translations of the b2c partition; a scheduled notice for all operators (in two days, so the
 * banner stays away until staff set one that is due).
 */
import { DICTIONARY_LANGUAGES, type CmsSectionKind } from '@pitboss/contract';
import type { Db } from './client.js';
import { encodePng } from './demo-images.js';
import { cmsDocuments, cmsMedia, cmsSections, dictionaryEntries, staffNotices } from './schema.js';

const DAY = 86_400_000;
type Rgb = [number, number, number];
/** A small banner-like PNG: a two-colour gradient with a lighter band. */
function demoPng(w: number, h: number, a: Rgb, b: Rgb): Buffer {
  return encodePng(w, h, (x, y) => {
    const t = x / Math.max(1, w - 1);
    const band = Math.abs(y - h / 2) < h / 8 ? 40 : 0;
    return [0, 1, 2].map((i) => Math.min(255, Math.round(a[i]! * (1 - t) + b[i]! * t) + band)) as Rgb;
  });
}

const OPERATOR_STYLES: Record<string, { name: string; primary: string; secondary: string; a: Rgb; b: Rgb }> = {
  'cms-default': { name: 'Default Site', primary: '#3949ab', secondary: '#ffb300', a: [57, 73, 171], b: [255, 179, 0] },
  'op-alpha': { name: 'Alpha Gaming', primary: '#1565c0', secondary: '#00bfa5', a: [21, 101, 192], b: [0, 191, 165] },
  'alpha-bet': { name: 'AlphaBet', primary: '#2e7d32', secondary: '#fdd835', a: [46, 125, 50], b: [253, 216, 53] },
  'op-bravo': { name: 'Bravo Entertainment', primary: '#c62828', secondary: '#212121', a: [198, 40, 40], b: [33, 33, 33] },
  'bravo-spin': { name: 'Bravo Spin', primary: '#6a1b9a', secondary: '#ff7043', a: [106, 27, 154], b: [255, 112, 67] },
};

const PAGES = [
  { slug: 'about-us', title: 'About us', body: 'We run licensed casino and sports betting for players who like fair games.', status: 'published' },
  { slug: 'responsible-gaming', title: 'Responsible gaming', body: 'Set deposit limits, take a break or exclude yourself at any time from your profile.', status: 'published' },
  { slug: 'terms', title: 'Terms and conditions', body: 'These terms apply to every account, deposit, bet and bonus.', status: 'published' },
  { slug: 'vip-program', title: 'VIP program', body: 'Our VIP program is being redesigned.', status: 'draft' },
];
const POSTS = [
  { slug: 'welcome-bonus-explained', title: 'The welcome bonus, explained', body: 'How the match bonus works, what the wager means and which games count.', status: 'published' },
  { slug: 'champions-league-preview', title: 'Champions League preview', body: 'Odds, form and the matches to watch this week.', status: 'published' },
  { slug: 'new-live-tables', title: 'New live tables', body: 'Three new live roulette tables open this month.', status: 'draft' },
];

const TRANSLATIONS: Record<string, Record<string, string>> = {
  'header.login': { en: 'Log in', tr: 'Giriş yap', fa: 'ورود', ru: 'Войти', de: 'Anmelden', es: 'Iniciar sesión', pt: 'Entrar', fr: 'Connexion', ar: 'تسجيل الدخول', ckb: 'چوونەژوورەوە' },
  'header.register': { en: 'Sign up', tr: 'Kayıt ol', fa: 'ثبت نام', ru: 'Регистрация', de: 'Registrieren', es: 'Registrarse', pt: 'Registar', fr: "S'inscrire", ar: 'التسجيل', ckb: 'تۆمارکردن' },
  'wallet.deposit': { en: 'Deposit', tr: 'Para yatır', fa: 'واریز', ru: 'Пополнить', de: 'Einzahlen', es: 'Depositar', pt: 'Depositar', fr: 'Déposer', ar: 'إيداع', ckb: 'دانان' },
  'wallet.withdraw': { en: 'Withdraw', tr: 'Para çek', fa: 'برداشت', ru: 'Вывести', de: 'Auszahlen', es: 'Retirar', pt: 'Levantar', fr: 'Retirer', ar: 'سحب', ckb: 'ڕاکێشان' },
  'footer.support': { en: 'Support', tr: 'Destek', fa: 'پشتیبانی', ru: 'Поддержка', de: 'Support', es: 'Soporte', pt: 'Suporte', fr: 'Assistance', ar: 'الدعم', ckb: 'پشتگیری' },
};

export async function seedCms(db: Db, now: number): Promise<void> {
  const media: (typeof cmsMedia.$inferInsert)[] = [];
  const sections: (typeof cmsSections.$inferInsert)[] = [];
  const docs: (typeof cmsDocuments.$inferInsert)[] = [];
  const by = 'admin@demo.local';
  for (const [opId, s] of Object.entries(OPERATOR_STYLES)) {
    const img = (name: string, w: number, h: number, a: Rgb, b: Rgb, tags: string[], daysAgo: number) => {
      const png = demoPng(w, h, a, b);
      const id = crypto.randomUUID();
      media.push({ id, opId, fileName: `${name}.png`, extension: 'png', mime: 'image/png', size: png.length, contentBase64: png.toString('base64'), tags, uploadedBy: by, createdAt: new Date(now - daysAgo * DAY) });
      return id;
    };
    const logo = img('logo', 96, 32, s.a, s.b, ['logo'], 30);
    const favicon = img('favicon', 16, 16, s.b, s.a, ['logo'], 30);
    const slides = [1, 2, 3].map((i) => img(`slide-${i}`, 160, 60, i % 2 ? s.a : s.b, i % 2 ? s.b : s.a, ['slider'], 20 - i));
    const login = img('login-background', 120, 80, s.b, s.a, ['login'], 10);
    const at = (d: number) => new Date(now - d * DAY);
    const section = (kind: CmsSectionKind | 'footer', content: Record<string, unknown>, language = 'en', d = 5) =>
      sections.push({ opId, kind, language, content, version: 1, updatedBy: by, updatedAt: at(d) });
    section('branding', { siteName: s.name, logo, favicon, primaryColor: s.primary, secondaryColor: s.secondary });
    section('branding', { siteName: s.name, logo, favicon, primaryColor: s.primary, secondaryColor: s.secondary }, 'tr');
    section('theme', { mode: 'dark', primaryColor: s.primary, backgroundColor: '#121212', textColor: '#ffffff', fontFamily: 'Inter' });
    section('sliders', { items: slides.map((image, i) => ({ image, title: ['Welcome bonus 100%', 'Weekly slots race', 'Live casino'][i], link: ['/promotions', '/tournaments', '/live-casino'][i], active: i < 2 })) }, 'en', 3);
    section('login-image', { image: login, alt: `${s.name} login` });
    section('template', { layout: 'classic', header: 'fixed', showCasino: true, showSportsbook: true });
    section('menus', { items: [{ title: 'Casino', url: '/casino', newTab: false }, { title: 'Sports', url: '/sports', newTab: false }, { title: 'Promotions', url: '/promotions', newTab: false }] });
    section('modals/cashback', { title: 'Your weekly cashback', body: 'Cashback is paid every Monday on the net losses of the week.', image: '', buttonText: 'Claim', buttonLink: '/cashback' });
    section('footer', { menu: {
      column1: [{ title: 'About us', url: '/about-us' }, { title: 'Terms and conditions', url: '/terms' }],
      column2: [{ title: 'Responsible gaming', url: '/responsible-gaming' }, { title: 'Support', url: 'https://help.example.com' }],
    } });
    PAGES.forEach((p, i) => docs.push({ opId, type: 'page', language: 'en', ...p, seoTitle: p.title, seoDescription: p.body.slice(0, 120), createdAt: at(40 - i), updatedAt: at(8 - i), updatedBy: by }));
    POSTS.forEach((p, i) => docs.push({ opId, type: 'blog', language: 'en', ...p, seoTitle: p.title, seoDescription: p.body.slice(0, 120), createdAt: at(20 - i), updatedAt: at(6 - i), updatedBy: by }));
  }
  await db.insert(cmsMedia).values(media);
  await db.insert(cmsSections).values(sections);
  await db.insert(cmsDocuments).values(docs);
  await db.insert(dictionaryEntries).values(Object.entries(TRANSLATIONS).map(([rowKey, texts]) => ({
    partitionKey: 'b2c', rowKey, texts: Object.fromEntries(DICTIONARY_LANGUAGES.map((l) => [l, texts[l] ?? texts.en!])), updatedBy: by, updatedAt: new Date(now - 3 * DAY),
  })));
  await db.insert(staffNotices).values({
    opId: '*', level: 'info', text: 'Scheduled maintenance of the payment providers on Sunday 02:00–03:00 UTC: deposits may be delayed.',
    startsAt: new Date(now + 2 * DAY), endsAt: new Date(now + 2 * DAY + 3_600_000), updatedBy: by, updatedAt: new Date(now - DAY),
  });
}
