package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	in := `name,arch,"notes"
h100,sm_90,"has ""TMA"", fast"
a100,sm_80,"multi
line"
# comment
t4,sm_75,
`
	r := csv.NewReader(strings.NewReader(in))
	r.Comment = '#'
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println("err:", err)
			break
		}
		line, _ := r.FieldPos(0)
		fmt.Printf("%d %d %q\n", line, len(rec), rec)
	}

	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"a,b", `say "hi"`, "plain", ""})
	w.Write([]string{" lead", "new\nline"})
	w.Comma = ';'
	w.Write([]string{"x;y", "z"})
	w.Flush()
	fmt.Println(w.Error())

	bad := csv.NewReader(strings.NewReader("a,b\nc\n"))
	_, err := bad.ReadAll()
	fmt.Println(err)
	var pe *csv.ParseError
	fmt.Println(errors.As(err, &pe), pe.Line, errors.Is(err, csv.ErrFieldCount))
}
