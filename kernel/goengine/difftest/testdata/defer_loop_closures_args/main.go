package main

import "fmt"

type res struct{ name string }

func (r *res) Close() { fmt.Println("close", r.name) }

func open(names []string) (err error) {
	for _, n := range names {
		r := &res{n}
		defer r.Close()
	}
	defer func() {
		if err != nil {
			fmt.Println("error seen in defer:", err)
		}
	}()
	return fmt.Errorf("failed after %d", len(names))
}

func counts() (out []int) {
	x := 0
	for i := 0; i < 3; i++ {
		x += i
		defer func(v int) { out = append(out, v, x) }(x)
	}
	x = 100
	return nil
}

func deferNilFunc() (msg string) {
	defer func() { msg = fmt.Sprint("recovered: ", recover()) }()
	var f func()
	defer f()
	return "unreached?"
}

func main() {
	fmt.Println(open([]string{"a", "b", "c"}))
	fmt.Println(counts())
	fmt.Println(deferNilFunc())
}
