import type { FastifyInstance } from 'fastify';
import {
  getNeedNoticeSettingCall,
  NEED_NOTICE_SETTING_MESSAGES,
  saveNeedNoticeSettingCall,
} from '#server/contracts/need-notice-setting.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { unknownIndustryCodes, unknownPrefectureCodes } from '#server/db/unknown-master-codes.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { findNeedNoticeSetting, saveNeedNoticeSetting } from './need-notice-setting-queries.ts';

/** The logged-in user's company; a user without one has no setting to read or save: 404. */
function ownCompanyIdOf(viewer: CompanyViewer): number {
  if (viewer.companyId === null) throw notFound();
  return viewer.companyId;
}

/** The audit target of a save: the company, by its code. */
const companyTarget = ({ viewer }: { viewer: CompanyViewer }) => viewer.user.company_unique_code;

/**
 * The company's need notice setting (/mypage/setting/matching/search): read and saved by its users
 * who may edit its matching (the calls share the page's rule need_notification_settings), always for
 * the logged-in user's own company. The save refuses industry and area codes their masters do not
 * hold (422 with データの登録に失敗しました and the message under the list, as the company profile
 * refuses an industry outside its master; nothing written): the page offers only the masters' codes,
 * so only a master changed since the page loaded gets there, and the page shows it under the list.
 */
export async function needNoticeSettingRoutes(
  app: FastifyInstance,
  _services: DomainServices,
): Promise<void> {
  serveCall(app, getNeedNoticeSettingCall, async ({ tx, viewer }) =>
    findNeedNoticeSetting(tx, ownCompanyIdOf(viewer)),
  );

  serveCall(
    app,
    saveNeedNoticeSettingCall,
    async ({ tx, viewer, body }) => {
      const companyId = ownCompanyIdOf(viewer);
      const industries = await unknownIndustryCodes(tx, body.notice_industry_codes);
      const areas = await unknownPrefectureCodes(tx, body.notice_area_codes);
      if (industries.length > 0 || areas.length > 0)
        throw unprocessable(MESSAGES.saveFailed, {
          ...(industries.length > 0
            ? { notice_industry_codes: [NEED_NOTICE_SETTING_MESSAGES.invalidChoice] }
            : {}),
          ...(areas.length > 0 ? { notice_area_codes: [NEED_NOTICE_SETTING_MESSAGES.invalidChoice] } : {}),
        });
      return saveNeedNoticeSetting(tx, companyId, body, viewer.userId);
    },
    { audit: { action: 'UPDATE', target: companyTarget } },
  );
}
