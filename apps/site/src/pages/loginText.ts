import { pageText } from '../i18n/pageText';

/** The public login page's words (its form's messages too). */
export const loginText = pageText({
  zh: {
    meta: '登录', description: '登录本草制药网站。', home: '首页', heading: '账号登录',
    userName: '账号', password: '密码', code: '验证码', codeImage: '验证码 {code}', newCode: '换一张', submit: '登录',
    userNameHint: '请输入您的账号', passwordHint: '请输入您的密码', codeHint: '请输入验证码', codeWrong: '验证码不正确，请重新输入',
    localOnly: '本站登录仅在当前浏览器中记住您的称呼，账号和密码不会发送到服务器。', back: '← 返回首页',
  },
  en: {
    meta: 'Sign in', description: 'Sign in to the Bencao Pharmaceutical website.', home: 'Home', heading: 'Sign in',
    userName: 'Account', password: 'Password', code: 'Verification code', codeImage: 'Verification code {code}', newCode: 'New code', submit: 'Sign in',
    userNameHint: 'Enter your account', passwordHint: 'Enter your password', codeHint: 'Enter the code shown', codeWrong: 'The code is not correct, please try again',
    localOnly: 'Signing in here only remembers your name in this browser; your account and password are never sent to the server.', back: '← Back to home',
  },
});
