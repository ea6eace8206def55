using RpcCompare.LoadClient.Clients;

namespace RpcCompare.LoadClient.Scenarios;

/// <summary>
/// A team's own traffic (--mix): one variant, "all", whose every request is one of the parts' requests drawn by weight.
/// Each kind is also recorded on its own, over the same measured window, so the results hold the whole mix and each kind.
/// </summary>
public sealed class MixScenario : Scenario
{
    public const string ScenarioName = "mix";

    /// <summary>The variant that is the whole mix; each kind's entry is named by its label.</summary>
    public const string WholeMix = "all";

    /// <summary>Requests of the whole mix when neither --requests nor --duration is given.</summary>
    public const long DefaultRequests = 2_000;

    private readonly RequestMix _mix;
    private readonly IReadOnlyList<Scenario> _scenarios;

    public MixScenario(RequestMix mix)
    {
        _mix = mix;
        _scenarios = [.. mix.Parts.Select(p => ScenarioCatalog.Create(p.Scenario))];
    }

    public override string Name => ScenarioName;

    public override string Origin => $"a mix of the studies' requests: {_mix.Describe()}";

    public override bool Writes => _scenarios.Any(s => s.Writes);

    public override double EstimatedMsPerUnit(string variant) =>
        _mix.Parts.Select((p, i) => p.Weight * _scenarios[i].EstimatedMsPerUnit(p.Variant ?? "")).Sum() / _mix.TotalWeight;

    public override async Task PrepareAsync(IGraphClient client, CancellationToken cancellationToken)
    {
        foreach (var scenario in _scenarios.DistinctBy(s => s.Name))
        {
            await scenario.PrepareAsync(client, cancellationToken);
        }
    }

    /// <summary>Throws when a named variant is not one every given stack has, before anything starts.</summary>
    public void Check(IEnumerable<string> stacks, ScenarioData data)
    {
        foreach (var stack in stacks)
        {
            _ = Parts(StackTraits.Of(stack), data, stack);
        }
    }

    public override IReadOnlyList<Variant> Variants(StackTraits stack, ScenarioData data)
    {
        var parts = Parts(stack, data, stackName: null);
        var total = _mix.TotalWeight;
        var draw = new MixDraw([.. _mix.Parts.Select(p => p.Label)], [.. parts.Select(p => p.CallsPerUnit)],
            random => _mix.PartAt(random.Next(total)), [.. parts.Select(p => p.Operation)]);
        // The load generator draws and records each kind itself (MixDraw); this is the mix as one operation, for
        // the first call, which is measured apart from every window.
        Task Operation(IGraphClient client, Random random, CancellationToken cancellationToken) =>
            draw.Operations[draw.Draw(random)](client, random, cancellationToken);

        var callsPerUnit = _mix.Parts.Select((p, i) => p.Weight * parts[i].CallsPerUnit).Sum() / total;
        return [new Variant(WholeMix, DefaultThreads, DefaultRequests, callsPerUnit, Operation) { Mix = draw }];
    }

    private List<Variant> Parts(StackTraits stack, ScenarioData data, string? stackName) =>
        [.. _mix.Parts.Select((part, i) =>
        {
            var variants = _scenarios[i].Variants(stack, data);
            return part.Variant is null
                ? variants[0]
                : variants.FirstOrDefault(v => v.Name == part.Variant) ?? throw new UserFacingException(
                    $"--mix: {part.Scenario} has no variant '{part.Variant}'{(stackName is null ? "" : $" on {stackName}")}; " +
                    $"its variants there: {string.Join(", ", variants.Select(v => v.Name.Length == 0 ? "(the plain one)" : v.Name))}.");
        })];
}
