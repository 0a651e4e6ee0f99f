package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 28, 22, 30, 15, 500_000_000, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Format(time.RFC3339Nano), t.Format("2006-01-02 15:04"), t.Format(time.Kitchen))
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Weekday(), t.YearDay())
	next := t.Add(2 * time.Hour)
	fmt.Println(next.Format(time.DateTime), next.Weekday())
	fmt.Println(t.AddDate(0, 1, 1).Format(time.DateOnly))
	fmt.Println(time.Date(2023, 13, 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly))
	fmt.Println(next.Sub(t), t.Before(next), t.Equal(t.Add(0)))
	fmt.Println(t.Truncate(time.Hour).Format(time.TimeOnly), t.Unix())
	fmt.Println(time.Unix(0, 0).UTC(), time.Unix(1700000000, 0).UTC().Format(time.RFC1123))
}
