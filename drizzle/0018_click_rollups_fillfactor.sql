-- Click rollups: the clicks worker rewrites a link's hour, day and month rows and its
-- click_count with every stored group. With pages left a quarter empty (tables; new pages), most
-- of those rewrites are HOT updates: the new row version goes on the same page and no index entry
-- is added (measured in bench/click-storage.ts).
ALTER TABLE "click_link_hours" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "click_workspace_hours" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "click_link_periods" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "click_workspace_periods" SET (fillfactor = 75);--> statement-breakpoint
ALTER TABLE "links" SET (fillfactor = 85);
