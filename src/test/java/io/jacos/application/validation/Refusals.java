package io.jacos.application.validation;

import io.jacos.model.RegistryException;
import jakarta.validation.Validation;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test support: the validator as unit tests build it, and the one way a refusal is asserted. */
public final class Refusals {

    /** Hibernate Validator found on the test class path, as the container provides it at run time. */
    public static final InputValidator VALIDATOR =
            new InputValidator(Validation.buildDefaultValidatorFactory());

    private Refusals() {
    }

    /** The call is refused with code 400 and a message starting with the given text. */
    public static RegistryException assertInvalid(Executable call, String messageStart) {
        RegistryException e = assertThrows(RegistryException.class, call);
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertTrue(e.getMessage().startsWith(messageStart),
                "message '" + e.getMessage() + "' should start with '" + messageStart + "'");
        return e;
    }
}
