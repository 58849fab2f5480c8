-- Plugin types' and listeners' remarks in the four languages ({"en","zh","es","ja"}), as participants' rules
-- (0039): a remark written "English / 中文" (the demo's) is split into its English and Chinese parts; any
-- other stays whole under "en", the language the others fall back to.
ALTER TABLE "wf_plugin_types" ALTER COLUMN "note" TYPE jsonb USING CASE
  WHEN "note" IS NULL OR btrim("note") = '' THEN NULL
  WHEN "note" ~ '^[^一-鿿]+ / .*[一-鿿]' THEN jsonb_build_object(
    'en', split_part("note", ' / ', 1), 'zh', substr("note", length(split_part("note", ' / ', 1)) + 4), 'es', '', 'ja', '')
  ELSE jsonb_build_object('en', "note", 'zh', '', 'es', '', 'ja', '')
END;
--> statement-breakpoint
ALTER TABLE "wf_listeners" ALTER COLUMN "note" TYPE jsonb USING CASE
  WHEN "note" IS NULL OR btrim("note") = '' THEN NULL
  WHEN "note" ~ '^[^一-鿿]+ / .*[一-鿿]' THEN jsonb_build_object(
    'en', split_part("note", ' / ', 1), 'zh', substr("note", length(split_part("note", ' / ', 1)) + 4), 'es', '', 'ja', '')
  ELSE jsonb_build_object('en', "note", 'zh', '', 'es', '', 'ja', '')
END;
