-- An imported activity's page credits its source (docs/datatourisme.md#attribution), which the read
-- model holds (docs/read-model.md): it is told of every change of an activity's source row too.
-- catalog_notify_activity (0008_catalog_notify) takes the activity from the row's activity_id.
CREATE TRIGGER activity_sources_catalog_notify AFTER INSERT OR UPDATE OR DELETE ON activity_sources
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_activity();
--> statement-breakpoint
CREATE TRIGGER activity_sources_catalog_truncate AFTER TRUNCATE ON activity_sources
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_all();
