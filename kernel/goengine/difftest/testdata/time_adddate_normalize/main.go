package main

import (
	"fmt"
	"time"
)

func main() {
	d := time.Date(2024, time.January, 31, 10, 30, 0, 0, time.UTC)
	fmt.Println(d.AddDate(0, 1, 0).Format("2006-01-02"))
	fmt.Println(d.AddDate(0, 0, 30).Weekday(), d.YearDay())
	leap := time.Date(2024, time.February, 29, 0, 0, 0, 0, time.UTC)
	fmt.Println(leap.AddDate(1, 0, 0).Format(time.DateOnly))
	e := time.Date(2024, time.December, 25, 0, 0, 0, 0, time.UTC)
	fmt.Println(e.Sub(d), e.Sub(d).Hours())
	fmt.Println(d.Truncate(time.Hour).Format(time.Kitchen), d.Format("Mon Jan 2 15:04:05 2006"))
	fmt.Println(time.Date(2023, 13, 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly))
	fmt.Println(d.Before(e), e.After(d), d.Equal(d.Add(0)))
	y, w := d.ISOWeek()
	fmt.Println(y, w, d.Month(), int(d.Month()))
	fmt.Printf("%v|%s|%d\n", d.Month(), d.Weekday(), d.Weekday())
}
