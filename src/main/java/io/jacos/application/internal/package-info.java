/** Default implementations of the application use cases and the validation rules they share. */
package io.jacos.application.internal;
