DROP INDEX "payment_webhooks_event_uq";--> statement-breakpoint
DROP INDEX "payment_webhooks_tx_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhooks_tx_event_uq" ON "payment_webhooks" USING btree ("transaction_id","event_id");