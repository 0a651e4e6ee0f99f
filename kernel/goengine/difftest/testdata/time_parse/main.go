package main

import (
	"fmt"
	"time"
)

func main() {
	t, err := time.Parse(time.RFC3339, "2021-06-15T08:05:00+02:00")
	fmt.Println(t.UTC(), err)
	t2, err := time.Parse("Jan 2, 2006 at 3:04pm (MST)", "Mar 9, 2020 at 11:47am (UTC)")
	fmt.Println(t2, err)
	_, err = time.Parse(time.DateOnly, "2021-02-30")
	fmt.Println(err)
	fmt.Println(t.UTC().Sub(t2).Round(time.Hour))
	fmt.Println(time.March, time.Saturday, []time.Month{1, 12}, time.Weekday(0))
	fmt.Printf("%d %v %s\n", time.April, time.April, time.Month(13))
}
