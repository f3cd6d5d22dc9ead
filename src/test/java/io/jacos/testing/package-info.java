/** Test helpers shared by several packages' tests (a clock that moves when told, the one CDI event fake). */
package io.jacos.testing;
