module github.com/sasl-engine/sasl

go 1.26
