import { describe, expect, it } from 'vitest';
import type { Language } from '../i18n';
import { helpLinkHref, isHelpLinkTarget, parseHelpArticle } from './help-corpus';
import { createHelpIndex, helpTerms, helpVerdict, type HelpDoc } from './help-search';

// A small corpus in the shape of packages/core/help: the real one is tested by the server (corpus.test.ts).
type Fixture = Record<Language, [title: string, keywords: string[], body: string]>;
const FIXTURES: Record<string, Fixture> = {
  'delete-my-account': {
    en: ['Deleting your account', ['close account', 'remove me'], 'On your account page choose Delete my account and confirm with your password.'],
    ja: ['アカウントを削除する', ['退会', 'アカウント削除'], 'アカウントページで「アカウントの削除」を選び、パスワードで確定します。'],
    zh: ['删除账户', ['注销账户', '销户'], '在账户页面选择删除账户，然后输入密码确认。'],
    ko: ['계정 삭제하기', ['회원 탈퇴', '계정 삭제'], '계정 페이지에서 계정 삭제를 선택하고 비밀번호로 확인합니다.'],
  },
  'create-an-account': {
    en: ['Creating an account', ['sign up', 'register'], 'Click Sign in at the top right, then Create an account with your email and a password.'],
    ja: ['アカウントを作成する', ['新規登録', 'サインアップ'], '右上のサインインから「アカウント作成」を選び、メールアドレスとパスワードを入力します。'],
    zh: ['创建账户', ['注册', '新用户'], '点击右上角的登录，然后用邮箱和密码创建账户。'],
    ko: ['계정 만들기', ['회원가입', '가입'], '오른쪽 위의 로그인을 누르고 이메일과 비밀번호로 계정을 만듭니다.'],
  },
  'forgot-password': {
    en: ['Forgot your password', ['reset password', 'lost password'], 'On the sign-in dialog choose Forgot password; we email you a link to set a new one.'],
    ja: ['パスワードを忘れたとき', ['パスワード再設定', 'パスワードリセット'], 'サインイン画面で「パスワードをお忘れですか」を選ぶと、新しいパスワードを設定するリンクがメールで届きます。'],
    zh: ['忘记密码', ['重置密码', '找回密码'], '在登录窗口选择忘记密码，我们会发送一封设置新密码的邮件。'],
    ko: ['비밀번호를 잊었을 때', ['비밀번호 재설정', '비밀번호 찾기'], '로그인 창에서 비밀번호 찾기를 누르면 새 비밀번호를 설정하는 링크를 이메일로 보내 드립니다.'],
  },
  'launcher-background': {
    en: ['Changing the launcher background', ['wallpaper', 'theme'], 'Open the customizer from the settings icon and pick a background preset or upload your own picture.'],
    ja: ['ランチャーの背景を変える', ['壁紙', 'テーマ'], '設定アイコンからカスタマイズを開き、背景のプリセットを選ぶか自分の画像をアップロードします。'],
    zh: ['更换启动器背景', ['壁纸', '主题'], '点击设置图标打开自定义，选择背景预设或上传自己的图片。'],
    ko: ['런처 배경 바꾸기', ['배경화면', '테마'], '설정 아이콘에서 사용자 지정을 열고 배경 프리셋을 고르거나 내 사진을 올립니다.'],
  },
  'change-language': {
    en: ['Changing the language', ['english', 'japanese', 'chinese', 'korean'], 'Pick English, 日本語, 中文 or 한국어 in the top bar; the choice is remembered.'],
    ja: ['表示言語を変える', ['言語設定', '英語', '日本語'], '上部のバーで言語を選ぶと、その選択は記憶されます。'],
    zh: ['切换语言', ['界面语言', '中文', '英文'], '在顶部栏选择语言，选择会被记住。'],
    ko: ['언어 바꾸기', ['표시 언어', '한국어', '영어'], '상단 바에서 언어를 고르면 선택이 기억됩니다.'],
  },
  'ipad-and-tablets': {
    en: ['Using Yumi Studio on an iPad', ['tablet', 'apple pencil'], 'Open Yumi Studio in Safari on the iPad and add it to the home screen; the Apple Pencil draws with pressure.'],
    ja: ['iPad で使う', ['タブレット', 'Apple Pencil'], 'iPad の Safari で開き、ホーム画面に追加します。Apple Pencil は筆圧に対応しています。'],
    zh: ['在 iPad 上使用', ['平板', 'Apple Pencil'], '在 iPad 的 Safari 中打开并添加到主屏幕，Apple Pencil 支持压感。'],
    ko: ['아이패드에서 쓰기', ['태블릿', '애플펜슬'], '아이패드의 Safari에서 열고 홈 화면에 추가하세요. 애플펜슬은 필압을 지원합니다.'],
  },
  'privacy-of-chats': {
    en: ['Who can see your chats', ['privacy', 'personal data'], 'Your chats belong to your account. Signing out clears them from this browser.'],
    ja: ['チャットのプライバシー', ['個人情報', '見られる'], 'チャットはあなたのアカウントに保存されます。サインアウトすると、このブラウザから消えます。'],
    zh: ['聊天的隐私', ['隐私', '个人数据'], '聊天记录属于你的账户。退出登录后会从这个浏览器中清除。'],
    ko: ['채팅 개인정보', ['개인정보', '프라이버시'], '채팅은 내 계정에 속합니다. 로그아웃하면 이 브라우저에서 지워집니다.'],
  },
  'server-settings': {
    en: ['Server settings for operators', ['environment variables', 'api key'], 'Set OPENAI_API_KEY in the environment of the server.'],
    ja: ['運用者向けのサーバー設定', ['環境変数', 'APIキー'], 'サーバーの環境変数 OPENAI_API_KEY を設定します。'],
    zh: ['运维的服务器设置', ['环境变量', 'API密钥'], '在服务器的环境变量中设置 OPENAI_API_KEY。'],
    ko: ['운영자용 서버 설정', ['환경 변수', 'API 키'], '서버 환경 변수 OPENAI_API_KEY를 설정합니다.'],
  },
};

const indexOf = (language: Language) =>
  createHelpIndex(
    Object.entries(FIXTURES).map(([slug, f]): HelpDoc => {
      const [title, keywords, body] = f[language];
      return {
        id: slug,
        title,
        keywords,
        body,
        links: [],
        audience: slug === 'server-settings' ? 'admin' : 'everyone',
        alsoMatches: language === 'en' ? undefined : `${f.en[0]} ${f.en[1].join(' ')}`,
      };
    }),
    language,
  );
const indexes = { en: indexOf('en'), ja: indexOf('ja'), zh: indexOf('zh'), ko: indexOf('ko') };
const best = (language: Language, question: string) => {
  const hits = indexes[language].search(question);
  return helpVerdict(hits) === 'answer' ? hits[0]!.doc.id : helpVerdict(hits);
};

describe('help search', () => {
  it("answers the issue's questions in four languages with the right article", () => {
    const cases: Array<[Language, string, string]> = [
      ['ja', 'アカウントを削除したい', 'delete-my-account'],
      ['en', 'I want to delete my account', 'delete-my-account'],
      ['zh', '我想删除我的账户', 'delete-my-account'],
      ['ko', '계정을 삭제하고 싶어요', 'delete-my-account'],
      ['en', 'how do I reset my password?', 'forgot-password'],
      ['ja', 'パスワードを忘れました', 'forgot-password'],
      ['zh', '忘记密码怎么办', 'forgot-password'],
      ['ko', '비밀번호를 잊어버렸어요', 'forgot-password'],
      ['en', 'change the background of the launcher', 'launcher-background'],
      ['ja', 'ランチャーの壁紙を変えたい', 'launcher-background'],
      ['zh', '怎么换启动器的背景', 'launcher-background'],
      ['ko', '런처 배경화면 바꾸는 법', 'launcher-background'],
      ['en', 'how do I change the language', 'change-language'],
      ['ja', '言語を英語に切り替えたい', 'change-language'],
      ['zh', '怎么切换语言', 'change-language'],
      ['ko', '언어를 영어로 바꾸고 싶어요', 'change-language'],
      ['en', 'can I use this on my iPad?', 'ipad-and-tablets'],
      ['ja', 'iPadで使えますか', 'ipad-and-tablets'],
      ['zh', '平板上能用吗', 'ipad-and-tablets'],
      ['ko', '아이패드에서 쓸 수 있나요', 'ipad-and-tablets'],
      ['en', 'who can see my chats? privacy', 'privacy-of-chats'],
      ['ja', 'チャットのプライバシーは？', 'privacy-of-chats'],
      ['zh', '聊天记录的隐私', 'privacy-of-chats'],
      ['ko', '채팅 개인정보는 안전한가요', 'privacy-of-chats'],
    ];
    const wrong = cases.filter(([language, question, slug]) => best(language, question) !== slug).map(([l, q]) => `${l}: ${q} -> ${best(l, q)}`);
    expect(wrong).toEqual([]);
  });

  it('forgives typos, other word forms and synonyms', () => {
    expect(best('en', 'how do i delet my acount')).toBe('delete-my-account');
    expect(best('en', 'forgotten passwords')).toBe('forgot-password');
    expect(best('en', 'wallpaper on the home screen')).toBe('launcher-background');
    expect(best('en', 'remove my profile')).toBe('delete-my-account');
    // Full-width Latin letters typed with a Japanese keyboard are the same letters.
    expect(best('ja', 'ｉＰａｄで使いたい')).toBe('ipad-and-tablets');
  });

  it('says so when nothing matches, and offers close topics when unsure instead of a confident wrong answer', () => {
    expect(best('en', 'ramen recipe')).toBe('none');
    expect(best('en', 'the and of')).toBe('none');
    expect(best('ja', 'ラーメンの作り方')).toBe('none');
    const unsure = indexes.en.search('my account was charged twice by the bank');
    expect(helpVerdict(unsure)).toBe('unsure');
    expect(unsure.length).toBeGreaterThan(0);
  });

  it('finds admin-only articles for admins only', () => {
    expect(best('en', 'environment variables api key')).not.toBe('server-settings');
    const admin = indexes.en.search('environment variables api key', { admin: true });
    expect(admin[0]?.doc.id).toBe('server-settings');
  });

  it('cuts words by language: Japanese endings, Korean particles, Chinese compounds, English stems', () => {
    expect(helpTerms('アカウントを削除したい', 'ja')).toEqual(['アカウント', '削除']);
    expect(helpTerms('계정을 삭제하고', 'ko')).toEqual(['계정', '삭제']);
    expect(helpTerms('删除账户', 'zh')).toEqual(expect.arrayContaining(['删除', '账户']));
    expect(helpTerms('Deleting accounts', 'en')).toEqual(['delet', 'account']);
  });
});

describe('help corpus files', () => {
  const file = (front: string, body = 'Steps.') => `---\n${front}\n---\n${body}\n`;
  it('parses front matter and body, and names the file when it is wrong', () => {
    const a = parseHelpArticle('delete-my-account', 'en', file('title: Delete\ncategory: account\nkeywords: [close account, 2fa]\nlinks:\n  - label: Account\n    to: /account'));
    expect(a).toMatchObject({ title: 'Delete', category: 'account', keywords: ['close account', '2fa'], links: [{ label: 'Account', to: '/account' }], body: 'Steps.', audience: 'everyone' });
    expect(() => parseHelpArticle('x', 'en', 'no front matter')).toThrow(/help\/x\/en\.md: missing the front matter/);
    expect(() => parseHelpArticle('x', 'en', file('title: T\ncategory: cooking'))).toThrow(/category/);
    expect(() => parseHelpArticle('x', 'en', file('title: T\ncategory: start\nlinks:\n  - label: L\n    to: /nowhere'))).toThrow(/Unknown route or tool/);
    expect(() => parseHelpArticle('x', 'fr', file('title: T\ncategory: start'))).toThrow(/unknown language/);
    expect(() => parseHelpArticle('Bad Slug', 'en', file('title: T\ncategory: start'))).toThrow(/folder name/);
    expect(() => parseHelpArticle('x', 'en', file('title: [unclosed\ncategory: start'))).toThrow(/not valid YAML/);
    expect(() => parseHelpArticle('x', 'en', file('title: T\ncategory: start', ''))).toThrow(/body is empty/);
  });

  it('turns link targets into app locations', () => {
    expect(isHelpLinkTarget('/account')).toBe(true);
    expect(isHelpLinkTarget('/account#delete')).toBe(true);
    expect(isHelpLinkTarget('tool:chart-generator')).toBe(true);
    expect(isHelpLinkTarget('tool:teleport')).toBe(false);
    expect(isHelpLinkTarget('https://example.com')).toBe(false);
    expect(helpLinkHref('/account')).toBe('/account');
    expect(helpLinkHref('tool:chart-generator')).toBe('/writing?screen=report&tool=chart-generator');
    expect(helpLinkHref('tool:layers')).toBe('/anime-chara?tool=layers');
  });
});
