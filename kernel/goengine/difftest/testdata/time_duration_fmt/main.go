package main

import (
	"fmt"
	"time"
)

type timeout time.Duration

func main() {
	d := 90*time.Minute + 30*time.Second + 5*time.Millisecond
	fmt.Println(d, d.Hours(), d.Minutes(), d.Truncate(time.Minute), d.Round(time.Hour))
	fmt.Println(time.Duration(1500)*time.Microsecond, time.Duration(0), -2*time.Second)
	parsed, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(parsed, parsed.Seconds(), err)
	_, err = time.ParseDuration("5 minutes")
	fmt.Println(err)
	t := time.Date(2024, time.February, 28, 23, 0, 0, 0, time.UTC)
	t2 := t.Add(2 * time.Hour)
	fmt.Println(t2.Format("2006-01-02 15:04 Mon"), t2.Sub(t), t2.After(t), t2.YearDay())
	fmt.Println(t.AddDate(0, 1, 1).Format(time.RFC3339), t.Weekday(), t.Month())
	to := timeout(3 * time.Second)
	fmt.Println(time.Duration(to), int64(to))
	fmt.Printf("%v %d %s\n", d, d, 2*time.Millisecond)
}
