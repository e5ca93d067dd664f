CREATE INDEX "users_created_role_idx" ON "users" USING btree ("created_at","role");--> statement-breakpoint
CREATE INDEX "installations_started_idx" ON "installations" USING btree ("started_at") WHERE "installations"."started_at" is not null;--> statement-breakpoint
CREATE INDEX "installations_completed_idx" ON "installations" USING btree ("completed_at") WHERE "installations"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at","amount_paise") WHERE "orders"."status" = 'paid';