package io.jacos.transport.http.request;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method that takes an uploaded configuration archive: a body within {@code jacos.config.import.max-upload-bytes},
 * either the zip itself ({@code application/zip}, {@code application/x-zip-compressed} or
 * {@code application/octet-stream}) or a {@code multipart/form-data} form whose {@code file} part is the zip, as the
 * Nacos console uploads it. The parameters are the query's alone; the zip is {@link ParsedRequest#upload()}.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface ArchiveUpload {
}
