import { definePages } from './page-list.ts';

/** A company's own settings (client/src/features/settings), in the company layout. */
export const settingsPages = {
  ...definePages('default', {
    profile: '/mypage/setting/profile',
    password: '/mypage/setting/password',
    accounts: { path: '/mypage/setting/account', rule: 'account_settings' },
    employee: { path: '/mypage/setting/account/employee/{id}', rule: 'account_settings' },
    businessUsers: '/mypage/setting/account/businessuser',
    chatTemplates: { path: '/mypage/setting/chat_remark_template', rule: 'chat_template_settings' },
    chatTemplateEdit: {
      path: '/mypage/setting/chat_remark_template/edit/{id}',
      rule: 'chat_template_settings',
    },
    needNotice: { path: '/mypage/setting/matching/search', rule: 'need_notification_settings' },
    invoice: { path: '/mypage/setting/invoice', rule: 'invoice_settings' },
    unsubscribe: { path: '/mypage/setting/unsubscribe', rule: 'unsubscribe' },
    unsubscribeCompleted: { path: '/mypage/setting/unsubscribe/compleated', rule: 'unsubscribe' },
    partnerInformation: { path: '/mypage/setting/information', rule: 'partner_information_settings' },
    partnerInformationEdit: {
      path: '/mypage/setting/information/edit/{id}',
      rule: 'partner_information_settings',
    },
  }),
  ...definePages('plain', { disconnectBroker: '/disconnect/broker', emailConfirm: '/email/confirm' }),
};
