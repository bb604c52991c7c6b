/** Spec section 8: the error page texts. */
export const ERROR_PAGE_TEXTS = {
  badRequest: '不正なリクエストです',
  unauthorized: 'ログインが必要です',
  unauthorizedRedirect: '3秒後にログインページに遷移されます',
  forbidden: '権限がありません',
  notFoundHeading: '404 Not Found',
  notFound: 'This page could not be found',
  serverError: 'System Error',
  other: 'エラーが発生しました。',
  backToTop: 'トップページに戻る',
} as const;
