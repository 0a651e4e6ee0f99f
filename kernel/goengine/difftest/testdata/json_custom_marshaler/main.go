package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Celsius float64

func (c Celsius) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"%.1fC"`, float64(c))), nil
}

func (c *Celsius) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	var v float64
	_, err := fmt.Sscanf(s, "%fC", &v)
	*c = Celsius(v)
	return err
}

type Reading struct {
	Sensor string  `json:"sensor"`
	Temp   Celsius `json:"temp"`
}

func main() {
	b, err := json.Marshal(Reading{"gpu0", 71.25})
	fmt.Println(string(b), err)
	var r Reading
	err = json.Unmarshal([]byte(`{"sensor":"gpu1","temp":"64.5C"}`), &r)
	fmt.Println(r.Sensor, float64(r.Temp), err)
	b, err = json.Marshal([]Celsius{1, 2.5})
	fmt.Println(string(b), err)
}
