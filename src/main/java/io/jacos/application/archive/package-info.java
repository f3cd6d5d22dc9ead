/**
 * The zip format the Nacos console exports configurations in and imports them from: one entry {@code group/dataId}
 * per configuration holding its content, and a metadata entry, {@code .metadata.yml} (the console's second format:
 * data id, group, type, description and app name of each) or {@code .meta.yml} (the first: app names only).
 * Reading distrusts the upload: every bound ({@link io.jacos.application.archive.ArchiveLimits}) is checked while it
 * is unpacked, and anything outside the format is refused with a 400 naming what is wrong. Pure code over bytes and
 * strings, for the import and export use cases in {@code application.internal}. May depend on {@code model}.
 */
package io.jacos.application.archive;
