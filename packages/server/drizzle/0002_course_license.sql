-- #15: every course carries a licence (SPDX id); existing courses get CC BY 4.0.
ALTER TABLE "courses" ADD COLUMN "license" text DEFAULT 'CC-BY-4.0' NOT NULL;
