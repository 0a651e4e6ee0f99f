package main

import (
	"fmt"
	"math"
	"reflect"
)

type node struct {
	Val  int
	Kids []*node
	Meta map[string]any
}

type opt struct {
	name string
	f    func()
}

func main() {
	a := node{1, []*node{{Val: 2}}, map[string]any{"k": []int{1}}}
	b := node{1, []*node{{Val: 2}}, map[string]any{"k": []int{1}}}
	fmt.Println(reflect.DeepEqual(a, b), a.Kids[0] == b.Kids[0])
	b.Meta["k"] = []int{1, 2}
	fmt.Println(reflect.DeepEqual(a, b))
	fmt.Println(reflect.DeepEqual([]int(nil), []int{}), reflect.DeepEqual(map[int]int{}, map[int]int(nil)))
	fmt.Println(reflect.DeepEqual(math.NaN(), math.NaN()), reflect.DeepEqual([]float64{math.NaN()}, []float64{math.NaN()}))
	nan := []float64{math.NaN()}
	fmt.Println(reflect.DeepEqual(nan, nan))
	fmt.Println(reflect.DeepEqual(int32(1), int64(1)), reflect.DeepEqual(any(1), 1))
	fmt.Println(reflect.DeepEqual(opt{"a", nil}, opt{"a", nil}), reflect.DeepEqual(opt{"a", func() {}}, opt{"a", func() {}}))
	cyc := &node{Val: 7}
	cyc.Kids = []*node{cyc}
	cyc2 := &node{Val: 7}
	cyc2.Kids = []*node{cyc2}
	fmt.Println(reflect.DeepEqual(cyc, cyc2))
	fmt.Println(reflect.DeepEqual([2]string{"x", "y"}, [2]string{"x", "y"}), reflect.DeepEqual(&a, &a))
}
