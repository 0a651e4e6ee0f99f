package main

import "fmt"

func main() {
	var fns []func() string
	for i := 0; i < 4; i++ {
		switch {
		case i%2 == 0:
			even := i * 10
			fns = append(fns, func() string { return fmt.Sprint("even ", even) })
		default:
			odd := []int{i}
			fns = append(fns, func() string { return fmt.Sprint("odd ", odd) })
		}
		switch v := i * 100; v {
		case 100, 300:
			w := v + 1
			fns = append(fns, func() string { return fmt.Sprint("w ", w) })
		}
		if j := i; j == 2 {
			k := j
			fns = append(fns, func() string { return fmt.Sprint("k ", k, " j ", j) })
		}
		{
			blk := i
			fns = append(fns, func() string { return fmt.Sprint("blk ", blk) })
		}
	}
	for _, f := range fns {
		fmt.Print(f(), "; ")
	}
	fmt.Println()
}
