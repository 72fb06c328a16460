package io.streamrag.schemas;

/** The reserved payload values of the tenant filter (S1.5, S1.6). */
public final class Scopes {

  /** {@code sensor_uuid} of knowledge every user may see. */
  public static final String GLOBAL_SENSOR = "__global__";

  /** {@code kb_name} of user data that belongs to every knowledge base. */
  public static final String ALL_KBS = "__all__";

  private Scopes() {}
}
