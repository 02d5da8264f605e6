-- Decision 108: the public half of every key that has signed credentials, so that a backup carries
-- them and credentials downloaded before a restore (or a new key) still verify. No private key here.
CREATE TABLE "credential_keys" (
	"thumbprint" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
