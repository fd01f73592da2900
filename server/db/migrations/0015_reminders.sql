CREATE TABLE "reminder_sends" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_sends_kind_subject_at_pk" PRIMARY KEY("kind","subject","at")
);
