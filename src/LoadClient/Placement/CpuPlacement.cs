namespace RpcCompare.LoadClient.Placement;

/// <summary>
/// Which CPUs the load client and the hosts it spawns may use. On one machine the client and the host share the cores,
/// so whatever the client spends is taken from the host; disjoint CPU sets keep the client's cost out of the host's
/// figures and make a client at its limit visible (the entry is then marked client-bound).
/// </summary>
/// <param name="Client">The client's CPUs; null when nothing is pinned.</param>
/// <param name="Hosts">The spawned hosts' CPUs; null when nothing is pinned.</param>
/// <param name="Reason">Why this placement (the option given, or what auto decided).</param>
public sealed record CpuPlacement(IReadOnlyList<int>? Client, IReadOnlyList<int>? Hosts, string Reason)
{
    public const string Auto = "auto";
    public const string None = "none";
    public const string Help = "Which CPUs the load client and the hosts run on: auto (default: on 2 or more CPUs the client gets " +
        "the first half and the spawned hosts the rest), none (everything shares every CPU), or explicit lists such as " +
        "client=0,hosts=1 or client=0-1,hosts=2-3. PostgreSQL is not pinned.";

    public bool IsPinned => Client is not null;

    /// <summary>How many CPUs the client may use: its own set, or every CPU of the process when nothing is pinned.</summary>
    public int ClientCpuCount => Client?.Count ?? CpuAffinity.Available().Count;

    /// <summary>For the manifest and the console: where everything runs, in one sentence.</summary>
    public string Describe() => IsPinned
        ? $"Load client on CPU {CpuList.Format(Client!)}, spawned hosts on CPU {CpuList.Format(Hosts!)}; PostgreSQL is not pinned " +
          $"(it runs on any CPU, so in database-bound scenarios it competes with both) ({Reason})."
        : $"Not pinned: the load client, the hosts and PostgreSQL share every CPU ({Reason}).";

    /// <summary>Checks the --cpus text alone (the CPUs that exist are checked by <see cref="Resolve"/>).</summary>
    public static string? Validate(string text) => TryParseExplicit(text, out _, out _, out var error) || text is Auto or None ? null : error;

    /// <summary>The placement for this run from the --cpus text, the CPUs this process may use and whether any host is spawned.</summary>
    /// <param name="cannotPinBecause">Why this machine cannot pin at all (<see cref="CpuAffinity.CannotPinBecause"/>); null when it can.</param>
    /// <exception cref="UserFacingException">An explicit placement names CPUs that are not available or overlap, or this
    /// machine cannot pin.</exception>
    public static CpuPlacement Resolve(string text, IReadOnlyList<int> available, bool anyHostSpawned, string? cannotPinBecause = null)
    {
        if (text == None)
        {
            return new CpuPlacement(null, null, "--cpus none");
        }
        if (text == Auto)
        {
            if (!anyHostSpawned)
            {
                return new CpuPlacement(null, null, "--cpus auto: every stack is a --target, no host runs here");
            }
            if (cannotPinBecause is not null)
            {
                return new CpuPlacement(null, null, $"--cpus auto: {cannotPinBecause}");
            }
            if (available.Count < 2)
            {
                return new CpuPlacement(null, null, "--cpus auto: only one CPU is available");
            }
            var half = available.Count / 2;
            return new CpuPlacement([.. available.Take(half)], [.. available.Skip(half)], "--cpus auto");
        }
        if (!TryParseExplicit(text, out var client, out var hosts, out var error))
        {
            throw new UserFacingException($"--cpus: {error}");
        }
        if (cannotPinBecause is not null)
        {
            throw new UserFacingException($"--cpus {text} cannot be honoured: {cannotPinBecause}; use --cpus none.");
        }
        var missing = client.Concat(hosts).Where(cpu => !available.Contains(cpu)).Distinct().ToList();
        if (missing.Count > 0)
        {
            throw new UserFacingException(
                $"--cpus names CPU {CpuList.Format(missing)}, which this process may not use (available: {CpuList.Format(available)}).");
        }
        return new CpuPlacement(client, hosts, $"--cpus {text}");
    }

    /// <summary>"client=LIST,hosts=LIST": a list's commas are its own until the next key.</summary>
    private static bool TryParseExplicit(string text, out IReadOnlyList<int> client, out IReadOnlyList<int> hosts, out string error)
    {
        client = [];
        hosts = [];
        var lists = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        List<string>? current = null;
        foreach (var token in text.Split(',', StringSplitOptions.TrimEntries))
        {
            var pair = token.Split('=', 2, StringSplitOptions.TrimEntries);
            if (pair.Length == 2)
            {
                if (pair[0] is not ("client" or "hosts"))
                {
                    error = $"unknown part '{pair[0]}' in '{text}'; expected auto, none, or client=LIST,hosts=LIST (e.g. client=0,hosts=1).";
                    return false;
                }
                if (lists.ContainsKey(pair[0]))
                {
                    error = $"'{pair[0]}' is given twice in '{text}'.";
                    return false;
                }
                lists[pair[0]] = current = [pair[1]];
            }
            else if (current is null)
            {
                error = $"'{text}' is not auto, none, or client=LIST,hosts=LIST (e.g. client=0,hosts=1).";
                return false;
            }
            else
            {
                current.Add(token);
            }
        }
        if (!lists.TryGetValue("client", out var clientText) || !lists.TryGetValue("hosts", out var hostsText))
        {
            error = $"'{text}' must give both client=LIST and hosts=LIST (e.g. client=0,hosts=1).";
            return false;
        }
        if (!CpuList.TryParse(string.Join(',', clientText), out client, out error)
            || !CpuList.TryParse(string.Join(',', hostsText), out hosts, out error))
        {
            error = $"in '{text}': {error}.";
            return false;
        }
        var shared = client.Intersect(hosts).ToList();
        if (shared.Count > 0)
        {
            error = $"the client and the hosts must not share a CPU, but both are given CPU {CpuList.Format(shared)}.";
            return false;
        }
        error = "";
        return true;
    }
}
