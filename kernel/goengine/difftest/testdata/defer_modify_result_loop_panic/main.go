package main

import "fmt"

func process(items []int) (processed int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("item %d: %v", processed, r)
		}
	}()
	for _, it := range items {
		if it < 0 {
			panic(fmt.Sprint("negative ", it))
		}
		processed++
	}
	return processed, nil
}

func counter() (n int) {
	defer func() { n += 100 }()
	for i := 0; i < 3; i++ {
		defer func() { n++ }()
	}
	return 0
}

func main() {
	fmt.Println(process([]int{1, 2, 3}))
	fmt.Println(process([]int{1, -2, 3}))
	fmt.Println(counter())
	for i := 0; i < 2; i++ {
		func() {
			defer func() { fmt.Println("iteration", i, "recovered", recover()) }()
			if i == 1 {
				panic("boom")
			}
		}()
	}
}
