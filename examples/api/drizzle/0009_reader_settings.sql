CREATE TABLE "reader_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"page_width" text NOT NULL,
	"page_gap" text NOT NULL,
	"background" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_settings_page_width" CHECK ("reader_settings"."page_width" in ('column', 'fit')),
	CONSTRAINT "reader_settings_page_gap" CHECK ("reader_settings"."page_gap" in ('none', 'small', 'medium', 'large')),
	CONSTRAINT "reader_settings_background" CHECK ("reader_settings"."background" in ('dark', 'light'))
);
