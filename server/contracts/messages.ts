/**
 * The spec's Japanese messages that both edges say (platform spec section 8, admin spec's error
 * catalogue): the gateway answers them in the envelope, the browser shows them on its pages and
 * toasts. One module, imported by server/errors.ts and the client, so a text is typed once.
 * Field messages live with the field rules (validation.ts: VALIDATION_MESSAGES).
 */
export const MESSAGES = {
  badRequest: '不正なリクエストです',
  unauthorized: 'ログインが必要です',
  /** The 401 page's second line. */
  unauthorizedRedirect: '3秒後にログインページに遷移されます',
  forbidden: '権限がありません',
  notFoundHeading: '404 Not Found',
  notFound: 'This page could not be found',
  serverError: 'System Error',
  generic: 'エラーが発生しました。',
  /** A request that failed without a message of its own (the request layer's default). */
  requestFailed: 'エラーが発生しました',
  /** What the 401 page says when a request finds the session gone. */
  authenticationError: '認証エラー',
  backToTop: 'トップページに戻る',
  loadFailed: 'データ取得に失敗しました',
  saved: '登録が完了しました',
  saveFailed: 'データの登録に失敗しました',
  notUnique: 'データが確定できませんでした',
  required: '必須入力項目です',
  methodNotAllowed: '許可されていないメソッドです',
  userSwitchFailed: 'ユーザーの切り替えに失敗しました',
  /** Not in the spec (its section 8 has no 503): the portal's text for a database that is busy or away. */
  busy: 'ただいま混み合っています。しばらく時間をおいてから再度お試しください。',
} as const;
