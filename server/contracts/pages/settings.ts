import { type PageList, pagesIn } from './page-list.ts';

/** A company's own settings (client/src/features/settings), in the company layout. */
export const settingsPages: PageList = [
  ...pagesIn('default', [
    '/mypage/setting/profile',
    '/mypage/setting/password',
    '/mypage/setting/account',
    '/mypage/setting/account/employee/{id}',
    '/mypage/setting/account/businessuser',
    '/mypage/setting/chat_remark_template',
    '/mypage/setting/chat_remark_template/edit/{id}',
    '/mypage/setting/matching/search',
    '/mypage/setting/invoice',
    '/mypage/setting/unsubscribe',
    '/mypage/setting/unsubscribe/compleated',
    '/mypage/setting/information',
    '/mypage/setting/information/edit/{id}',
  ]),
  ...pagesIn('plain', ['/disconnect/broker', '/email/confirm']),
];
