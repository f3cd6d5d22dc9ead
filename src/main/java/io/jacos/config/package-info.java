/**
 * The configurations as listeners see them: each configuration's md5 and revision as last committed to the
 * database ({@link io.jacos.config.ConfigIndex}), and which connection listens to which configuration under which
 * spelling of its namespace ({@link io.jacos.config.ConfigListeners}). The content itself stays in the database.
 * May depend on {@code model} and {@code event}.
 */
package io.jacos.config;
