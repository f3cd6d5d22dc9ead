/** Service singletons, their publishers and cached views, and the per-group name index. Written by the Registry only. */
package io.jacos.registry.service;
