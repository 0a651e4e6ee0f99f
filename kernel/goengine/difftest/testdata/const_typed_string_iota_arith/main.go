package main

import "fmt"

type weekday int

const (
	sunday weekday = iota
	monday
	tuesday
	wednesday
)

var names = [...]string{"Sun", "Mon", "Tue", "Wed"}

func (d weekday) String() string {
	if d < 0 || int(d) >= len(names) {
		return fmt.Sprintf("weekday(%d)", int(d))
	}
	return names[d]
}

type unit string

const (
	meter unit = "m"
	liter unit = "l"
)

const (
	half     = 1.0 / 2
	third    = 1 / 3
	mixed    = 7 / 2.0
	bigShift = 1 << 62 >> 60
	typed    = int32(7) / 2
	ratio    = float32(1) / 3
)

func main() {
	fmt.Println(sunday, wednesday, weekday(9), monday+2)
	fmt.Printf("%v %d %q %T\n", tuesday, tuesday, tuesday, tuesday)
	fmt.Println(meter, liter+"s", unit("k")+meter)
	fmt.Println(half, third, mixed, bigShift, typed, ratio)
	fmt.Printf("%T %T %T\n", half, typed, ratio)
	days := []weekday{wednesday, sunday}
	fmt.Println(days, map[weekday]bool{monday: true})
}
