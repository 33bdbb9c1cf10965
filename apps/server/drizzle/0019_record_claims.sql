CREATE TABLE "record_claims" (
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"op_id" text NOT NULL,
	"claimed_by_id" uuid NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	CONSTRAINT "record_claims_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
