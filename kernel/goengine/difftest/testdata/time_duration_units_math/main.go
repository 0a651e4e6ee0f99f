package main

import (
	"fmt"
	"time"
)

func main() {
	ds := []time.Duration{
		0, 1, 999, time.Microsecond, 1500 * time.Microsecond,
		time.Second + 250*time.Millisecond, 90 * time.Minute,
		-2 * time.Hour, 26*time.Hour + 3*time.Second + 7,
	}
	for _, d := range ds {
		fmt.Printf("%v|%d|%.3f\n", d, d, d.Seconds())
	}
	d := 3*time.Hour + 25*time.Minute + 45*time.Second + 500*time.Millisecond
	fmt.Println(d.Truncate(time.Minute), d.Round(time.Hour), d.Round(time.Second))
	fmt.Println(d.Hours(), d.Minutes())
	fmt.Println(time.Duration(1<<63-1), time.Duration(-1<<63))
	p, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(p, err, p.Milliseconds())
	_, err = time.ParseDuration("5 parsecs")
	fmt.Println(err)
	fmt.Println(d.Abs(), (-d).Abs())
}
