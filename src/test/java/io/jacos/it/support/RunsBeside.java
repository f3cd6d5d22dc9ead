package io.jacos.it.support;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For a test class that starts and stops servers of its own, on ports no other class uses, and looks at nothing
 * the other classes change (the shared server, the test JVM's threads): it runs beside the other classes, which
 * run one after another as usual. Only one such class runs at a time (they hold one lock), and its own tests run
 * in order on one thread. Most of these classes' time is waiting (servers starting, clusters forming, beats and
 * expiries), so on two cores this saves minutes of the suite.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(RunsBeside.LOCK)
public @interface RunsBeside {

    /** Held by every class that runs beside the others. */
    String LOCK = "jacos.it.runs-beside";
}
