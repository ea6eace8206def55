namespace RpcCompare.Data.Generation;

/// <summary>
/// Words node names are made of ("amber-falcon-0k3z"): searching an adjective hits about 1/68 of all nodes, an
/// adjective-noun pair about 1/8,800, a made-up word none. A few adjectives are non-ASCII so unicode search is exercised.
/// </summary>
public static class Vocabulary
{
    public static IReadOnlyList<string> Adjectives { get; } =
    [
        "amber", "azure", "bold", "brave", "bright", "brisk", "calm", "clever", "cobalt", "coral", "crimson", "crisp",
        "daring", "dusky", "eager", "early", "emerald", "fancy", "fierce", "gentle", "gilded", "golden", "grand", "happy",
        "hazel", "honest", "icy", "ivory", "jade", "jolly", "keen", "kind", "lively", "lucky", "lunar", "merry",
        "misty", "modest", "noble", "olive", "pale", "proud", "quick", "quiet", "rapid", "royal", "ruby", "rustic",
        "sable", "scarlet", "shiny", "silent", "silver", "solar", "steady", "stormy", "swift", "tawny", "tidy", "urban",
        "vivid", "wild", "witty", "young", "grüne", "café", "東京都", "Ωmega",
    ];

    public static IReadOnlyList<string> Nouns { get; } =
    [
        "falcon", "river", "harbor", "meadow", "canyon", "forest", "glacier", "island", "lagoon", "mountain", "valley",
        "desert", "prairie", "summit", "delta", "marsh", "orchard", "quarry", "reef", "ridge", "tundra", "beacon",
        "bridge", "castle", "citadel", "engine", "factory", "foundry", "garden", "gateway", "harvest", "lantern",
        "library", "market", "mill", "observatory", "palace", "pavilion", "pier", "station", "temple", "tower",
        "tunnel", "village", "workshop", "anchor", "arrow", "badger", "bison", "condor", "cougar", "coyote", "crane",
        "dolphin", "eagle", "ferret", "fox", "gazelle", "heron", "ibis", "jaguar", "kestrel", "koala", "lemur", "lynx",
        "marten", "moose", "narwhal", "ocelot", "osprey", "otter", "owl", "panther", "pelican", "puffin", "raven",
        "salmon", "seal", "sparrow", "stag", "swan", "tiger", "trout", "turtle", "viper", "walrus", "wolf", "wombat",
        "yak", "zebra", "atlas", "comet", "nebula", "orbit", "planet", "quasar", "rocket", "satellite", "star", "sun",
        "meteor", "aurora", "cipher", "circuit", "compass", "crystal", "dynamo", "ember", "fable", "galaxy", "helix",
        "horizon", "journal", "kernel", "ledger", "matrix", "mosaic", "nexus", "oracle", "prism", "pulse", "quill",
        "relay", "saga", "signal", "spire", "vector", "vertex", "zephyr",
    ];

    /// <summary>Node type names (the node_types lookup table).</summary>
    public static IReadOnlyList<string> NodeTypes { get; } =
        ["person", "organisation", "document", "device", "location", "event", "account", "project"];

    /// <summary>Link type names (the link_types lookup table).</summary>
    public static IReadOnlyList<string> LinkTypes { get; } =
        ["knows", "owns", "member-of", "located-in", "refers-to", "depends-on", "attended", "created"];
}
