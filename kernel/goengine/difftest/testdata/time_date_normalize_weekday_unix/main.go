package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 30, 25, 61, 0, 0, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Weekday(), t.YearDay(), t.Month(), int(t.Month()))
	leap := time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC)
	fmt.Println(leap.YearDay(), time.Date(2023, 12, 31, 0, 0, 0, 0, time.UTC).YearDay())
	epoch := time.Unix(0, 0).UTC()
	fmt.Println(epoch, epoch.Unix(), time.Unix(1700000000, 5).UTC().Format(time.RFC3339Nano))
	a := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	b := a.Add(-36 * time.Hour)
	fmt.Println(a.Sub(b), b.Before(a), a.Equal(b.Add(36*time.Hour)), b)
	y, w := a.ISOWeek()
	fmt.Println(y, w, a.Truncate(24*time.Hour).Format("2006-01-02 15:04"))
	fmt.Println(a.Format("Mon Jan _2 03:04PM 2006"), a.Format(time.Kitchen), a.Format(time.DateOnly))
	d := time.Date(2025, 1, 31, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
	fmt.Println(d.Format(time.DateOnly), d.Weekday().String()[:3])
}
