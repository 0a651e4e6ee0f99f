package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(w, "name\tqty\tprice\t")
	fmt.Fprintln(w, "apple\t3\t1.25\t")
	fmt.Fprintln(w, "watermelon\t10\t0.5\t")
	w.Flush()
	w2 := tabwriter.NewWriter(os.Stdout, 8, 4, 1, ' ', 0)
	fmt.Fprintln(w2, "a\tb\tc")
	fmt.Fprintln(w2, "long cell\tx\ty")
	w2.Flush()
}
