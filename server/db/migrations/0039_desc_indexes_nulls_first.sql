DROP INDEX "matching_agent_requests_bank_code_company_id_agent_request_created_at_index";--> statement-breakpoint
DROP INDEX "matching_agent_requests_bank_code_agent_request_status_agent_request_created_at_index";--> statement-breakpoint
DROP INDEX "matching_deals_bank_code_sender_company_id_cmh_updated_at_index";--> statement-breakpoint
DROP INDEX "matching_deals_receiver_bank_code_receiver_company_id_cmh_updated_at_index";--> statement-breakpoint
DROP INDEX "need_favorites_bank_code_user_id_favorite_created_at_index";--> statement-breakpoint
DROP INDEX "needs_bank_code_company_id_need_updated_at_index";--> statement-breakpoint
DROP INDEX "articles_staff_list_index";--> statement-breakpoint
DROP INDEX "service_offers_bank_code_cso_status_cso_publish_start_index";--> statement-breakpoint
CREATE INDEX "matching_agent_requests_bank_code_company_id_agent_request_created_at_index" ON "matching_agent_requests" USING btree ("bank_code","company_id","agent_request_created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matching_agent_requests_bank_code_agent_request_status_agent_request_created_at_index" ON "matching_agent_requests" USING btree ("bank_code","agent_request_status","agent_request_created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matching_deals_bank_code_sender_company_id_cmh_updated_at_index" ON "matching_deals" USING btree ("bank_code","sender_company_id","cmh_updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matching_deals_receiver_bank_code_receiver_company_id_cmh_updated_at_index" ON "matching_deals" USING btree ("receiver_bank_code","receiver_company_id","cmh_updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "need_favorites_bank_code_user_id_favorite_created_at_index" ON "need_favorites" USING btree ("bank_code","user_id","favorite_created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "needs_bank_code_company_id_need_updated_at_index" ON "needs" USING btree ("bank_code","company_id","need_updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_staff_list_index" ON "articles" USING btree ("bank_code","article_kind","article_updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_offers_bank_code_cso_status_cso_publish_start_index" ON "service_offers" USING btree ("bank_code","cso_status","cso_publish_start" DESC NULLS FIRST);