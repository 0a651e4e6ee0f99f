package main

import (
	"fmt"
	"time"
)

func main() {
	ds := []time.Duration{0, 1, 999, 1500, 2 * time.Millisecond, 90 * time.Second, -3*time.Hour - 4*time.Minute, 1<<63 - 1}
	for _, d := range ds {
		fmt.Printf("%v|%d|%.3f\n", d, d, d.Seconds())
	}
	d := 1*time.Hour + 23*time.Minute + 45*time.Second + 678*time.Millisecond
	for _, m := range []time.Duration{time.Millisecond, time.Second, time.Minute, time.Hour, 0, -1} {
		fmt.Println(m, d.Round(m), d.Truncate(m))
	}
	fmt.Println(d.Hours(), d.Minutes(), d.Milliseconds(), d.Microseconds())
	fmt.Println((-d).Abs(), time.Duration(-1<<63).Abs())
	for _, s := range []string{"1h2m3.5s", "300ms", "-1.5h", "2us", "1µs", "3d", "", "1e3s", ".5s"} {
		p, err := time.ParseDuration(s)
		fmt.Println(s, p, err)
	}
	fmt.Println(time.Duration(1.5 * float64(time.Second)))
	var n int64 = 3
	fmt.Println(time.Duration(n)*time.Second, time.Second*time.Duration(n)/2)
}
