package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2026, time.March, 7, 14, 5, 9, 123456789, time.UTC)
	for _, layout := range []string{
		time.RFC3339, time.RFC3339Nano, time.Kitchen, time.DateOnly, time.TimeOnly,
		"Mon Jan _2 2006", "02/01/06 15:04:05.000", "2006-01-02T15:04:05.999999", "Monday, January 2 (day 002)", "3PM .00 -0700 MST",
	} {
		fmt.Println(t.Format(layout))
	}
	fmt.Println(t.Weekday(), t.YearDay(), t.Unix(), t.UnixMilli())
	y, w := t.ISOWeek()
	fmt.Println(y, w, t.Month(), int(t.Month()), time.Month(13), time.Weekday(9))
	fmt.Println(t.Truncate(time.Hour), t.Round(time.Second).Format(time.RFC3339Nano))
	u := time.Unix(1_700_000_000, 0).UTC()
	fmt.Println(u, u.Sub(t).Round(time.Hour))
	fmt.Println(t.AddDate(0, 0, -7).Before(t), t.Equal(t.In(time.FixedZone("X", 3600))))
	fmt.Println(t.In(time.FixedZone("CET", 3600)).Format(time.RFC1123Z))
	var zero time.Time
	fmt.Println(zero.IsZero(), zero)
}
