/** The company's request to leave, and the page that thanks it (the spec's spelling, "compleated"). */
export const UNSUBSCRIBE_SETTING_PATH = '/mypage/setting/unsubscribe';
export const UNSUBSCRIBE_COMPLETED_PATH = '/mypage/setting/unsubscribe/compleated';
