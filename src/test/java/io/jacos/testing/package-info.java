/** Test helpers shared by several packages' tests (a clock that moves when told). */
package io.jacos.testing;
