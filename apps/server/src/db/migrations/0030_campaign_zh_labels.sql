-- Hand-written
-- A campaign is 市场活动 in Chinese; 活动 alone is the Activity module. Installs seeded before say
-- 市场活动 too, where an administrator has not changed the seeded words (campaign.seed.ts has the new ones).
UPDATE crm_field SET label_zh = '市场活动名称' WHERE module = 'campaign' AND name = 'name' AND label_zh = '活动名称';
--> statement-breakpoint
UPDATE crm_field SET label_zh = '上级市场活动' WHERE module = 'campaign' AND name = 'parentCampaignId' AND label_zh = '上级活动';
--> statement-breakpoint
UPDATE crm_list_view SET name_zh = '进行中的市场活动' WHERE module = 'campaign' AND built_in_key = 'active' AND name_zh = '进行中的活动';
--> statement-breakpoint
UPDATE crm_layout
SET sections = (
  SELECT jsonb_agg(CASE WHEN s->>'key' = 'main' AND s->>'titleZh' = '活动信息' THEN jsonb_set(s, '{titleZh}', '"市场活动信息"') ELSE s END ORDER BY n)
  FROM jsonb_array_elements(sections) WITH ORDINALITY AS e(s, n)
)
WHERE module = 'campaign' AND sections @> '[{"key": "main", "titleZh": "活动信息"}]';
--> statement-breakpoint
-- Web apps holding the metadata fetch it again.
UPDATE crm_meta_version SET version = version + 1;
